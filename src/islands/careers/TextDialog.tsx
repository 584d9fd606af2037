// A dialog that edits one text (a public reply, a message to a company): the kit's Field with hint, counter and error, the
// contract's schema for the browser's check, the server's violations on the field, any other failure
// inside the dialog; closing with changes asks first.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import FormDialog from '../../components/FormDialog.tsx';
import Field from '../../components/Field.tsx';
import { TextArea } from '../../components/TextInput.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { useFormSave } from '../../components/use-form-save.ts';
import { characterCounter, useUnsavedChangesQuestion } from '../../components/profile/form-kit.tsx';

type Values = Record<string, unknown>;

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
  const form = useForm<Values>({
    resolver: zodResolver(schema as z.ZodType<Values, Values>, schemaParseOptions),
    defaultValues: { ...extra, [field]: initial },
  });
  const text = String(useWatch({ control: form.control, name: field }) ?? '');
  const { confirmElement, requestClose } = useUnsavedChangesQuestion(t, locale, text !== initial, onClose);
  const { submit, failure, busy } = useFormSave(
    form,
    locale,
    async () => {
      await onSave(text);
      onClose();
    },
    { onto: field },
  );
  const error = form.formState.errors[field]?.message;

  return (
    <FormDialog
      title={title}
      closeLabel={t('careers.close')}
      cancelLabel={t('careers.cancel')}
      onClose={() => void requestClose()}
      error={failure}
      formId={formId}
      submitLabel={saveLabel}
      busy={busy}
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <Field
          label={label}
          optional={optional ? t('details.optional') : undefined}
          hint={hint}
          error={failureText(typeof error === 'string' ? error : undefined, locale) || undefined}
          counter={characterCounter(t, locale, text.length, maxLength)}
        >
          {(control) => <TextArea {...control} {...form.register(field)} rows={6} data-autofocus />}
        </Field>
      </form>
      {confirmElement}
    </FormDialog>
  );
}
