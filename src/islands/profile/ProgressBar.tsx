// Upload progress with its percentage in words, and a cancel button.
import type { Translate } from '../../i18n/translator.ts';

export default function ProgressBar({ fraction, onCancel, t }: { fraction: number; onCancel: () => void; t: Translate }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="upload-progress">
      <progress max={100} value={percent} aria-label={t('upload.progress', { percent })} />
      <span aria-live="polite">{t('upload.progress', { percent })}</span>
      <button type="button" className="button button-secondary" onClick={onCancel}>
        {t('upload.cancel')}
      </button>
    </div>
  );
}
