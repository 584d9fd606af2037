// What the profile's forms share on top of the kit: the character counter's words, the unsaved-
// changes question, and the class of each kind of control.
import type { Locale } from '../../../contract/locale.ts';
import type { FieldCounter } from '../../components/Field.tsx';
import { useConfirm } from '../../components/ConfirmDialog.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import { confirmClose } from '../../lib/forms/confirmations.ts';
import { pluralize } from '../../lib/plurals.ts';
import type { Translate } from '../../i18n/translator.ts';

/** The counter under a limited field: 'You have 32 characters remaining' / 'Залишилося 32 символи'. */
export function characterCounter(t: Translate, locale: Locale, length: number, max: number): FieldCounter {
  const left = max - length;
  const base = left >= 0 ? 'kit.counter.remaining' : 'kit.counter.over';
  const form = (name: string) => t(`${base}.${name}` as MessageKey);
  return { text: pluralize(locale, Math.abs(left), { one: form('one'), few: form('few'), many: form('many'), other: form('other') }), isOver: left < 0 };
}

/** The kit's page dialog for "close without saving?"; `requestClose` asks only when something changed. */
export function useUnsavedChangesQuestion(t: Translate, locale: Locale, isDirty: boolean, onClose: () => void) {
  const { element, ask } = useConfirm({ cancelLabel: t('profile.keepEditing'), closeLabel: t('profile.close') });
  const requestClose = async () => {
    const confirmed = await confirmClose(isDirty, locale, (message) => ask(message, { title: t('profile.unsavedTitle'), confirmLabel: t('profile.discard') }));
    if (confirmed) onClose();
  };
  return { confirmElement: element, requestClose };
}
