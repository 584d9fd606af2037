// The Cancel and Save buttons every profile form ends with.
import type { Translate } from '../../i18n/translator.ts';

export default function FormActions({ saving, onCancel, t }: { saving: boolean; onCancel: () => void; t: Translate }) {
  return (
    <div className="form-actions">
      <button type="button" className="button button-secondary" onClick={onCancel}>
        {t('profile.cancel')}
      </button>
      <button type="submit" className="button" disabled={saving} aria-busy={saving}>
        {saving ? t('profile.saving') : t('profile.save')}
      </button>
    </div>
  );
}
