// Confirmations (SPEC §4, §5): closing with unsaved changes, and deletions that cannot be undone.
import type { Locale } from '../../../contract/locale.ts';
import { libText, type LibMessageKey } from '../base/lib-messages.ts';

/** What can be deleted after a confirmation (SPEC §5). */
export type DeletableItem = 'comment' | 'education' | 'employment' | 'language' | 'license' | 'project';

/** Asks the person, in the page's own dialog (the kit's useConfirm), never the browser's confirm(). */
export type Confirm = (message: string) => boolean | Promise<boolean>;

/** Whether a form or dialog may close: true without asking when nothing changed. */
export async function confirmClose(isDirty: boolean, locale: Locale, confirm: Confirm): Promise<boolean> {
  if (!isDirty) return true;
  return confirm(libText(locale, 'confirm.unsaved'));
}

/** The texts of the kit's unsaved-changes question (src/components/UnsavedChanges.tsx), in the page's language. */
export function unsavedChangesTexts(locale: Locale): UnsavedChangesTexts {
  return {
    title: libText(locale, 'confirm.unsaved.title'),
    message: libText(locale, 'confirm.unsaved'),
    discardLabel: libText(locale, 'confirm.unsaved.discard'),
    keepLabel: libText(locale, 'confirm.unsaved.keep'),
    closeLabel: libText(locale, 'confirm.unsaved.close'),
  };
}

export interface UnsavedChangesTexts {
  title: string;
  message: string;
  discardLabel: string;
  keepLabel: string;
  closeLabel: string;
}

/** The deletion question for `item`, with its cannot-be-recovered warning. */
export function deletionQuestion(item: DeletableItem, locale: Locale): string {
  return libText(locale, `confirm.delete.${item}` as LibMessageKey);
}

/** Whether the person confirmed deleting `item`. */
export async function confirmDeletion(item: DeletableItem, locale: Locale, confirm: Confirm): Promise<boolean> {
  return confirm(deletionQuestion(item, locale));
}

/** Warns before leaving the page while `isDirty()` says there are unsaved changes; returns the remover. */
export function guardUnsavedChanges(
  isDirty: () => boolean,
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = globalThis,
): () => void {
  const onBeforeUnload = (event: Event) => {
    if (isDirty()) event.preventDefault();
  };
  target.addEventListener('beforeunload', onBeforeUnload);
  return () => target.removeEventListener('beforeunload', onBeforeUnload);
}
