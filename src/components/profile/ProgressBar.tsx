// Upload progress: the kit's ProgressBar with its percentage in words, and a cancel button.
import Button from '../Button.tsx';
import KitProgressBar from '../ProgressBar.tsx';
import type { Translate } from '../../i18n/translator.ts';

export default function ProgressBar({ fraction, onCancel, t }: { fraction: number; onCancel: () => void; t: Translate }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="upload-progress">
      <KitProgressBar
        label={<span aria-live="polite">{t('upload.progress', { percent })}</span>}
        value={percent}
        valueText={`${percent}%`}
      />
      <Button size="small" onClick={onCancel}>
        {t('upload.cancel')}
      </Button>
    </div>
  );
}
