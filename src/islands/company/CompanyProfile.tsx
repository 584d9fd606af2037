// A company's public page on the personal site (/company-profile?id={id}; decision 090):
// the brand page for any signed-in person, and 'Ask to join' with a message (one open request).
import '../../styles/company.css';
import { useStore } from '@nanostores/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateJoinRequest } from '../../../contract/companies.ts';
import { parseProfileIdentifier } from '../../../contract/identifiers.ts';
import { fieldLimits } from '../../../contract/field-limits.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Badge from '../../components/Badge.tsx';
import Button, { ButtonLink } from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import FormDialog from '../../components/FormDialog.tsx';
import Field from '../../components/Field.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { TextArea } from '../../components/TextInput.tsx';
import { ApiError } from '../../lib/base/api-error.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { $companyPage, askToJoin, loadCompanyPage } from '../../lib/stores/company-page.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { BrandView } from './BrandPanel.tsx';
import CompanyIdentityNote from './CompanyIdentityNote.tsx';
import { failureText } from '../../lib/base/failure-text.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { useFormSave } from '../../components/use-form-save.ts';
import { messagesTranslator, type Messages, type Translate } from '../../i18n/translator.ts';

export default function CompanyProfile({ messages, locale, localePrefix }: { messages: Messages; locale: Locale; localePrefix: string }) {
  const t = messagesTranslator(messages);
  const page = useStore($companyPage).data;
  const [companyId] = useState(() =>
    typeof location === 'undefined' ? undefined : parseProfileIdentifier(new URLSearchParams(location.search).get('id') ?? ''),
  );
  const [missing, setMissing] = useState(false);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    const loading =
      companyId === undefined
        ? Promise.reject(new ApiError({ status: 404, method: 'GET', path: 'company', message: '' }))
        : loadCompanyPage(companyId);
    loading.catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) setMissing(true);
      else reportRequestError(err);
    });
  }, [companyId]);

  if (missing) return <Alert>{t('company.public.notFound')}</Alert>;
  if (!page) {
    return (
      <div aria-busy="true">
        <Skeleton className="company-skeleton-body" />
      </div>
    );
  }
  const request = page.join_request;
  let standing: React.ReactNode;
  if (page.is_member) {
    standing = (
      <>
        <Badge variant="success">{t('company.public.member')}</Badge>
        <ButtonLink variant="primary" href={`${localePrefix}/company-access?company=${page.company.id}`}>
          {t('company.public.openWorkspace')}
        </ButtonLink>
      </>
    );
  } else if (request?.status === 'pending') {
    standing = <Badge variant="attention">{t('company.public.pending')}</Badge>;
  } else {
    standing = (
      <>
        {request?.status === 'declined' ? <span className="company-muted">{t('company.public.declined')}</span> : null}
        <Button variant="primary" onClick={() => setAsking(true)}>
          {t('company.public.askToJoin')}
        </Button>
      </>
    );
  }
  return (
    <div className="company-stack">
      <h1 className="company-title">{page.company.name}</h1>
      <CompanyIdentityNote identity={page.identity} t={t} />
      <Card actions={<span className="company-muted">{t('company.public.members', { count: page.member_count })}</span>}>
        <BrandView company={page.company} locale={locale} t={t} />
      </Card>
      <div className="company-actions">{standing}</div>
      {asking && companyId !== undefined ? (
        <AskToJoinDialog companyId={companyId} companyName={page.company.name} locale={locale} t={t} onClose={() => setAsking(false)} />
      ) : null}
    </div>
  );
}

/** 'Ask to join' with an optional message, checked by the contract's CreateJoinRequest. */
function AskToJoinDialog({
  companyId,
  companyName,
  locale,
  t,
  onClose,
}: {
  companyId: number;
  companyName: string;
  locale: Locale;
  t: Translate;
  onClose: () => void;
}) {
  const form = useForm<z.input<typeof CreateJoinRequest>, unknown, z.output<typeof CreateJoinRequest>>({
    resolver: zodResolver(CreateJoinRequest, schemaParseOptions),
    defaultValues: { message: '' },
  });
  // Every refusal is about the one question: the message.
  const { submit, failure, busy } = useFormSave(
    form,
    locale,
    async ({ message }) => {
      await askToJoin(companyId, message ?? '');
      notifySuccess(t('company.public.sent'));
      onClose();
    },
    { onto: 'message' },
  );
  return (
    <FormDialog
      title={t('company.public.askTitle', { company: companyName })}
      closeLabel={t('company.close')}
      cancelLabel={t('company.cancel')}
      onClose={onClose}
      error={failure}
      formId="join-request-form"
      submitLabel={t('company.public.send')}
      busy={busy}
    >
      <form id="join-request-form" className="company-form" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label={t('company.public.message')}
          optional={t('company.field.optional')}
          error={failureText(form.formState.errors.message?.message, locale) || undefined}
        >
          {(control) => <TextArea {...control} {...form.register('message')} rows={4} maxLength={fieldLimits.joinRequest.message} />}
        </Field>
      </form>
    </FormDialog>
  );
}
