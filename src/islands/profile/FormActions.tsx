// The Cancel and Save buttons every profile form ends with, in its dialog's foot; Save names its form.
import Button from '../../components/Button.tsx';
import type { Translate } from '../../i18n/translator.ts';

export default function FormActions({ formId, saving, onCancel, t }: { formId: string; saving: boolean; onCancel: () => void; t: Translate }) {
  return (
    <>
      <Button onClick={onCancel}>{t('profile.cancel')}</Button>
      <Button type="submit" form={formId} variant="primary" loading={saving}>
        {t('profile.save')}
      </Button>
    </>
  );
}
