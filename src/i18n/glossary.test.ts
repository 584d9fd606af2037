import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { companyPageWords } from '../../server/companies/public-page-words.ts';
import { publicPageWords } from '../../server/profiles/public-page-words.ts';
import { dictionaries } from './index.ts';

// docs/glossary.md, decisions 240 and 247: «підтверд…» belongs to company-verified jobs only. Endorsement
// strings are selected by key: every key containing 'endors' (endorse.*, profile.endorsements.*,
// achievements.unit.endorsements, settings.*.endorsement, notifications.kind.endorsement).
const genderForm = /\(-?ла\)|-ла\)|\(-?(?:а|ла|лась|лася|ла ся)\)|\p{L}\((?:а|ла)\)/u;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.includes('.test.') ? [path] : [];
  });
}
const serverSources = sources;

/**
 * The Ukrainian string literals of a source file: the server's and the contract's own word tables
 * (public pages, CV, mail, validation messages, achievements), the terms of use. Whole-line comments
 * are left out, so a comment may still name a rejected term to explain it.
 */
function ukrainianLiterals(file: string): string[] {
  const code = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(?:\/\/|\/\*|\*)/.test(line))
    .join('\n');
  const literals = code.match(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g) ?? [];
  return literals.filter((literal) => /\p{Script=Cyrillic}/u.test(literal));
}

// The terms and phrases the glossary rejects (its 'Do not use' column), with what to write instead.
const rejected: readonly (readonly [RegExp, string])[] = [
  [/рецензент/iu, '«оцінювач» for the person who scores competencies'],
  [/обличчя до імені/iu, '«Знайоме обличчя» / «фото профілю»'],
  [/підтвердн/iu, '«Додаткові документи»; a credential is «посвідчення»'],
  [/облікові дані|облікових даних/iu, '«посвідчення» for a credential, «дані для входу» for a password'],
  [/верифіков/iu, '«Підтверджено компанією»'],
  [/двофактор/iu, '«двоетапний вхід»'],
  [/компетентніст/iu, '«компетенція»'],
  [/раунд\p{L}* (?:відгук|рецензув)/iu, '«раунд оцінювання»'],
  [/підтвердж\p{L}* навич|навич\p{L}*(?: з кількістю)? підтвердж/iu, '«схвалення навички»'],
  [/стан\p{L}* підтвердженим/iu, 'no circular «після підтвердження … стане підтвердженим»'],
  [/від користувача/iu, 'the name first («{actor} схвалює …») or after a colon («Від: {name}»)'],
  [/(?<!\p{L})від \{(?:name|actor|person|inviter)\}/iu, '«Від: {name}», which needs no declension'],
  [/це був не я/iu, '«Якщо це були не ви»'],
  [/код\p{L}* відновлення/iu, '«резервний код»'],
  [/\p{Script=Cyrillic}'\p{Script=Cyrillic}/u, "the apostrophe ’ (U+2019), not '"],
  [/\d\.\d/u, 'a decimal comma (4,5)'],
  [/(?<!\p{L})із (?:6|\{max\}|\{best\})/u, '«з 6», as every score says'],
  [/підтверджен\p{L}* (?:профіл|резюме)/iu, '«резюме з позначками «Підтверджено компанією»»; a profile is not itself confirmed'],
  [genderForm, 'no «(-ла)» gender forms: write around them'],
];

function expectNoRejectedTerm(text: string, where: string) {
  for (const [pattern, instead] of rejected) expect(text, `${where}: use ${instead}`).not.toMatch(pattern);
}

describe('the Ukrainian glossary', () => {
  it('has no «(-ла)» gender forms in the site dictionaries', () => {
    for (const [key, text] of Object.entries(dictionaries.uk_UA)) expect(text, key).not.toMatch(genderForm);
  });

  it('has no «(-ла)» gender forms in the server’s own texts (mail, public pages, CV)', () => {
    for (const file of serverSources('server')) expect(readFileSync(file, 'utf8'), file).not.toMatch(genderForm);
  });

  it('catches every gender form the glossary rejects', () => {
    for (const form of ['приєднався(-лася)', 'запросив(-ла)', 'зробив(ла)', 'готовий(-а)']) expect(form).toMatch(genderForm);
    for (const fine of ['(необов’язково)', '(ви)', '(поточний)', 'Н/Д']) expect(fine).not.toMatch(genderForm);
  });

  it('would catch each string this glossary replaced, were it to come back', () => {
    const replaced = [
      'Підтвердні документи',
      'Рецензент: {name}',
      'Одне місце роботи повністю: раунди відгуків',
      'Навички з кількістю підтверджень',
      'після підтвердження воно стане підтвердженим',
      'Обличчя до імені',
      'Від {name}',
      'Нове схвалення навички {subject} від користувача {actor}.',
      'Це був не я: відновіть пароль зараз.',
      "Поле обов'язкове",
      'Оцінка в компанії: 4.5 з 6',
      'Ці облікові дані не збігаються з нашими записами.',
      '{actor} приєднався(-лася) до {company}.',
      'щонайменше {level} із 6',
      'Посвідчення й підтверджене резюме',
    ];
    for (const text of replaced)
      expect(
        rejected.some(([pattern]) => pattern.test(text)),
        text,
      ).toBe(true);
  });

  it('uses none of the rejected terms in the site dictionaries', () => {
    for (const [key, text] of Object.entries(dictionaries.uk_UA)) expectNoRejectedTerm(text, key);
  });

  it('uses none of the rejected terms in the server’s and the contract’s word tables, nor the terms of use', () => {
    const files = [...sources('server'), ...sources('contract'), 'src/i18n/legal.ts'];
    const literals = files.flatMap((file) => ukrainianLiterals(file).map((text) => [file, text] as const));
    // The word tables are there to be read: the public pages', the CV's, the mail's.
    expect(literals.length).toBeGreaterThan(200);
    for (const [file, text] of literals) expectNoRejectedTerm(text, `${file} ${text.slice(0, 60)}`);
  });

  it('calls an endorsement «схвалення», never «підтвердження»', () => {
    const endorsements = Object.entries(dictionaries.uk_UA).filter(([key]) => key.toLowerCase().includes('endors'));
    expect(endorsements.length).toBeGreaterThan(5);
    for (const [key, text] of endorsements) {
      expect(text.toLowerCase(), key).not.toContain('підтверд');
      expect(text.toLowerCase(), key).toContain('схвал');
    }
    // The public profile's count, too (it once said «3 підтвердження»).
    for (const count of [1, 3, 5]) expect(publicPageWords.uk_UA.endorsements(count)).toMatch(/^\d+ схвален/);
  });

  it('says «схвалення» in the endorsement mail', () => {
    const line = dictionaries.uk_UA['mail.notification.endorsement'];
    expect(line).toMatch(/схвал/);
    expect(line).not.toMatch(/підтверд/);
  });

  it('marks a company-verified job «Підтверджено компанією» everywhere it is shown', () => {
    const uk = dictionaries.uk_UA;
    for (const key of ['careers.verified', 'search.verified', 'careers.summary.verified'] as const) {
      expect(uk[key], key).toBe('Підтверджено компанією');
    }
    expect(uk['careers.verifiedBy']).toBe('Підтверджено компанією {company}');
    expect(publicPageWords.uk_UA.verified).toBe('Підтверджено компанією');
    // The intros that explain the badge name it as it is shown.
    for (const key of ['careers.intro', 'careers.emptyText', 'details.confirm.text', 'company.confirmations.intro'] as const) {
      expect(uk[key], key).toContain('«Підтверджено компанією»');
    }
    expect(companyPageWords.uk_UA.verifiedEmployees(2)).toContain('підтвердженою роботою');
  });

  it('calls the person who scores competencies «оцінювач»', () => {
    const reviewer = Object.entries(dictionaries.uk_UA).filter(([key]) =>
      /(?:reviewer|reviewerIs|reviewer_changed|reviewerHint)$/.test(key),
    );
    expect(reviewer.length).toBeGreaterThanOrEqual(5);
    for (const [key, text] of reviewer) expect(text.toLowerCase(), key).toMatch(/оцінювач/);
  });

  it('puts an author’s name where it needs no declension', () => {
    expect(dictionaries.uk_UA['recommend.from']).toBe('Від: {name}');
  });
});
