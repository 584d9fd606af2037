// Turns schema issues into Laravel-style violations whose titles start with "The {field}" (SPEC §5):
// the client strips that phrase and shows the rest under the field, in the request's language.
import type { Violation } from '../../contract/envelope.ts';
import type { Locale } from '../../contract/locale.ts';

export interface ValidationIssue {
  path: (string | number)[];
  code: string;
  params: Record<string, unknown>;
  message: string;
}

type Phrases = {
  required: string;
  tooLong: (max: number) => string;
  tooShort: (min: number) => string;
  email: string;
  url: string;
  invalid: string;
};

const phrases: Record<Locale, Phrases> = {
  en_GB: {
    required: 'field is required.',
    tooLong: (max) => `may not be greater than ${max} characters.`,
    tooShort: (min) => `must be at least ${min} characters.`,
    email: 'must be a valid email address.',
    url: 'must be a valid http or https URL.',
    invalid: 'is invalid.',
  },
  uk_UA: {
    required: "— обов'язкове поле.",
    tooLong: (max) => `— не більше ${max} символів.`,
    tooShort: (min) => `— щонайменше ${min} символів.`,
    email: '— має бути дійсною адресою електронної пошти.',
    url: '— має бути дійсним посиланням http або https.',
    invalid: '— неприпустиме значення.',
  },
};

function phraseFor(issue: ValidationIssue, p: Phrases): string {
  const { code, params } = issue;
  if (code === 'invalid_type' && (params['input'] === undefined || params['input'] === null)) return p.required;
  if (code === 'too_small') {
    const min = Number(params['minimum']);
    return min <= 1 ? p.required : p.tooShort(min);
  }
  if (code === 'too_big') return p.tooLong(Number(params['maximum']));
  if (code === 'invalid_format' && params['format'] === 'email') return p.email;
  if (code === 'invalid_format' && params['format'] === 'url') return p.url;
  // A custom rule written in the contract carries its own sentence.
  if (code === 'custom' && issue.message) return issue.message;
  return p.invalid;
}

/** Field name as the client addresses it: `name`, `items.0.title`, or `body` for the whole payload. */
function fieldOf(path: (string | number)[], context?: string): string {
  if (path.length === 0) return context ?? 'body';
  return path.join('.');
}

export function violationsFromIssues(issues: ValidationIssue[], locale: Locale, context?: string): Violation[] {
  const p = phrases[locale];
  const seen = new Set<string>();
  const violations: Violation[] = [];
  for (const issue of issues) {
    const field = fieldOf(issue.path, context);
    if (seen.has(field)) continue;
    seen.add(field);
    const label = field.replaceAll('_', ' ');
    violations.push({ field, title: `The ${label} ${phraseFor(issue, p)}` });
  }
  return violations;
}
