// A dialog that edits one text (a public reply, a message to a company): the kit's Field with hint, counter and error, the
// contract's schema for the browser's check, the server's violations on the field, any other failure
// inside the dialog; closing with changes asks first.
import { useId, useState } from 'react';
import type { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import FormDialog from '../../components/FormDialog.tsx';
import Field from '../../components/Field.tsx';
import { TextArea } from '../../components/TextInput.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { fieldErrorsFrom } from '../../lib/forms/server-violations.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { failureText } from '../../lib/failure-text.ts';
import { ApiError } from '../../lib/api/api-error.ts';
import { dialogErrorText } from '../../lib/forms/form-failure.ts';
import { characterCounter, useUnsavedChangesQuestion } from '../../components/profile/form-kit.tsx';

interface Props {
  title: string;
  label: string;
  hint: string;
  initial: string;
  maxLength: number;
  /** The request schema; `field` names the text in it. */
  schema: z.ZodType;
  field: string;
  /** Other fields the schema needs beside the text. */
  extra?: Record<string, unknown>;
  /** The text may stay empty. */
  optional?: boolean;
  saveLabel: string;
  locale: Locale;
  t: Translate;
  onSave: (text: string) => Promise<void>;
  onClose: () => void;
}

export default function TextDialog({
  title,
  label,
  hint,
  initial,
  maxLength,
  schema,
  field,
  extra,
  optional,
  saveLabel,
  locale,
  t,
  onSave,
  onClose,
}: Props) {
  const formId = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { confirmElement, requestClose } = useUnsavedChangesQuestion(t, locale, text !== initial, onClose);

  const submit = async () => {
    setFailure(null);
    const parsed = schema.safeParse({ ...extra, [field]: text }, schemaParseOptions);
    if (!parsed.success) {
      setError(failureText(parsed.error.issues[0]?.message, locale));
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      await onSave(text);
      onClose();
    } catch (failed) {
      const byField = failed instanceof ApiError ? fieldErrorsFrom(failed.violations) : {};
      if (byField[field]) setError(byField[field]);
      else setFailure(dialogErrorText(failed, locale));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={title}
      closeLabel={t('careers.close')}
      cancelLabel={t('careers.cancel')}
      onClose={() => void requestClose()}
      error={failure}
      formId={formId}
      submitLabel={saveLabel}
      busy={saving}
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field
          label={label}
          optional={optional ? t('details.optional') : undefined}
          hint={hint}
          error={error}
          counter={characterCounter(t, locale, text.length, maxLength)}
        >
          {(control) => <TextArea {...control} rows={6} value={text} onChange={(event) => setText(event.target.value)} data-autofocus />}
        </Field>
      </form>
      {confirmElement}
    </FormDialog>
  );
}
