// The sign-up form (SPEC §2 /create-account and /create-account/company): a person, or a company and
// its representative. Creating the account signs the person in; the email code step follows.
import { useEffect, useMemo } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import type { AccountKind, RegisterCompanyRequest, RegisterRequest } from '../../../contract/auth.ts';
import type { Locale } from '../../../contract/locale.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { lazyResolver } from '../../lib/forms/lazy-resolver.ts';
import { useFormSave } from '../../components/use-form-save.ts';
import { returnPathFrom } from '../../lib/base/guards.ts';
import { pageNavigation } from '../../lib/base/page-navigation.ts';
import type { MessageKey } from '../../i18n/index.ts';
import Field from '../../components/Field.tsx';
import AuthAlert from './AuthAlert.tsx';
import AuthInput from './AuthInput.tsx';
import { messagesTranslator, type Messages } from '../../i18n/translator.ts';
import { nextPageReturning, pageLink } from './registration-pages.ts';
import { industries, industryIds } from '../../../contract/industries.ts';
import { OptionalSelect } from '../../components/TextInput.tsx';
import SubmitButton from './SubmitButton.tsx';
import { useLiveMarker } from '../../components/use-live-marker.ts';

interface Props {
  kind: AccountKind;
  locale: Locale;
  messages: Messages;
}

// One form for both kinds: the company fields are simply absent from the personal one.
type Values = z.input<typeof RegisterCompanyRequest>;
type Field = FieldPath<Values>;
// The select's value is text; the schema wants the list's numeric key (an empty choice stays absent).
const industryValue = (value: unknown) => (value === '' || value === undefined || value === null ? undefined : Number(value));

// Validation and the sign-up call (zod, the contract's schemas, the API client) load on the form's
// first focus or submit, not with the page (decision 158).
const loadValidation = () => import('./signup-validation.ts');

interface TextField {
  name: Exclude<Field, 'kind' | 'terms' | 'locale' | 'industry_id'>;
  label: MessageKey;
  type: 'text' | 'email' | 'tel' | 'password';
  autoComplete: string;
  hint?: MessageKey;
}

const companyFields: TextField[] = [
  { name: 'company_name', label: 'account.field.companyName', type: 'text', autoComplete: 'organization' },
];

/** The terms sentence with its two links (pages of their own, opened beside the form so nothing typed is lost). */
function TermsLabel({ locale, t }: { locale: Locale; t: (key: MessageKey) => string }) {
  const [beforeTerms, rest = ''] = t('account.terms').split('{terms}');
  const [between, afterPrivacy] = rest.split('{privacy}');
  const link = (page: string, key: MessageKey) => (
    <a href={pageLink(locale, page)} target="_blank" rel="noopener">
      {t(key)}
    </a>
  );
  return (
    <>
      {beforeTerms}
      {link('/terms', 'account.terms.link')}
      {between}
      {link('/privacy', 'account.privacy.link')}
      {afterPrivacy}
    </>
  );
}

function personFields(kind: AccountKind): TextField[] {
  return [
    { name: 'first_name', label: 'account.field.firstName', type: 'text', autoComplete: 'given-name' },
    { name: 'last_name', label: 'account.field.lastName', type: 'text', autoComplete: 'family-name' },
    {
      name: 'email',
      label: kind === 'company' ? 'account.field.personalEmail' : 'account.field.email',
      type: 'email',
      autoComplete: 'email',
    },
    { name: 'phone', label: 'account.field.phone', type: 'tel', autoComplete: 'tel', hint: 'account.hint.phone' },
    { name: 'password', label: 'account.field.password', type: 'password', autoComplete: 'new-password', hint: 'account.hint.password' },
    { name: 'password_confirmation', label: 'account.field.passwordConfirmation', type: 'password', autoComplete: 'new-password' },
  ];
}

export default function SignUpForm({ kind, locale, messages }: Props) {
  const t = messagesTranslator(messages);
  const live = useLiveMarker();
  const validation = useMemo(() => lazyResolver<Values>(() => loadValidation().then((m) => m.signUpResolver<Values>(kind))), [kind]);
  const form = useForm<Values>({
    resolver: validation.resolver,
    // kind and locale are not controls: they travel as default values. The controls have none, so
    // react-hook-form takes whatever was typed into the prerendered form before this code arrived.
    defaultValues: { kind: kind as 'company', locale },
  });
  const { register, formState } = form;
  const { errors } = formState;
  useEffect(() => validation.preload(), [validation]);
  const errorOf = (name: Field) => failureText(errors[name as keyof typeof errors]?.message as string | undefined, locale);

  const { submit, failure, busy } = useFormSave(form, locale, async (values) => {
    const { signUp } = await loadValidation();
    const account = await signUp(values as unknown as RegisterRequest);
    // Back to the page that sent the person here (an invitation) once the email code is in, else the
    // next sign-up step.
    pageNavigation.assign(nextPageReturning(locale, account.next_step, account.kind, returnPathFrom(location.search, location.origin)));
  });

  const renderField = (field: TextField) => (
    <AuthInput
      key={field.name}
      id={`signup-${field.name}`}
      label={t(field.label)}
      hint={field.hint ? t(field.hint) : undefined}
      error={errorOf(field.name)}
      type={field.type}
      autoComplete={field.autoComplete}
      required
      {...(field.type === 'email' ? { autoCapitalize: 'none', spellCheck: false } : {})}
      registration={register(field.name)}
    />
  );

  return (
    <form className="auth-form" method="post" noValidate onSubmit={(event) => void submit(event)} {...live}>
      <AuthAlert id="signup-failure" text={failure} />
      {kind === 'company' ? (
        <>
          <fieldset className="auth-fieldset">
            <legend>{t('account.signUp.companySection')}</legend>
            {companyFields.map(renderField)}
            {/* The brand page's list (contract/industries.ts), in the page's language. */}
            <Field id="signup-industry_id" label={t('account.field.industry')} error={errorOf('industry_id')}>
              {(control) => (
                <OptionalSelect
                  {...control}
                  required
                  noneLabel={t('company.field.industryNone')}
                  options={industryIds.map((id) => ({ value: id, label: industries[id][locale] }))}
                  {...register('industry_id', { setValueAs: industryValue })}
                />
              )}
            </Field>
          </fieldset>
          <fieldset className="auth-fieldset">
            <legend>{t('account.signUp.representativeSection')}</legend>
            {personFields(kind).map(renderField)}
          </fieldset>
        </>
      ) : (
        personFields(kind).map(renderField)
      )}
      <Field id="signup-terms" label={<TermsLabel locale={locale} t={t} />} error={errorOf('terms')} inline>
        {(control) => <input {...control} type="checkbox" className="ui-checkbox" {...register('terms')} />}
      </Field>
      <SubmitButton busy={busy} heldUntilLive>
        {busy ? t('account.signUp.submitting') : t('account.signUp.submit')}
      </SubmitButton>
    </form>
  );
}
