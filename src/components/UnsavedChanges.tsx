// The kit's one unsaved-changes question (SPEC §4, decision 172): closing a form or dialog
// with changes asks first, in the page's own dialog; closing without changes closes at once. While
// something is unsaved, leaving the page asks the browser's question too. FormDialog uses it through
// its `unsaved` prop; an inline form (a card that turns into a form) calls `confirmDiscard` from its
// Cancel. Texts come from the caller (`unsavedChangesTexts(locale)` in src/lib/forms/confirmations.ts).
import { createContext, useContext, useEffect, useLayoutEffect, useState } from 'react';
import { guardUnsavedChanges, type UnsavedChangesTexts } from '../lib/forms/confirmations.ts';
import { useConfirm } from './use-confirm.tsx';

export type { UnsavedChangesTexts };

/**
 * `confirmDiscard(close)` runs `close` when nothing changed or the person chose to discard; render
 * `confirmElement`. `dirtyNow` is read at close time: the latest report, even when a keystroke's
 * re-render has not reached this component yet (Chromium runs a key press before React's queued work).
 */
export function useUnsavedChanges(dirty: boolean, texts: UnsavedChangesTexts | undefined, dirtyNow?: () => boolean) {
  const { element, ask } = useConfirm({ cancelLabel: texts?.keepLabel ?? '', closeLabel: texts?.closeLabel ?? '' });
  useEffect(() => (dirty ? guardUnsavedChanges(() => true) : undefined), [dirty]);
  const confirmDiscard = async (close: () => void) => {
    const unsaved = dirty || (dirtyNow?.() ?? false);
    if (!unsaved || !texts || (await ask(texts.message, { title: texts.title, confirmLabel: texts.discardLabel }))) close();
  };
  return { confirmElement: element, confirmDiscard };
}

/** Set by Dialog: a form inside reports whether it holds changes. */
export const UnsavedReportContext = createContext<((dirty: boolean) => void) | null>(null);
/** Set by Dialog: its close, which asks first when something is unsaved (FormDialog's Cancel uses it). */
export const DialogCloseContext = createContext<(() => void) | null>(null);

// Forms on the page itself (not in a dialog) that hold changes: leaving them (another tab of the
// page, another page) asks first (useLeaveGuard).
const dirtyOnPage = new Set<symbol>();

/**
 * A form tells the kit whether it holds changes: inside a Dialog or FormDialog, closing the dialog
 * then asks first; on the page, leaving it through useLeaveGuard or the browser asks first.
 */
export function useUnsavedReport(dirty: boolean): void {
  const report = useContext(UnsavedReportContext);
  const [key] = useState(() => Symbol('form'));
  // A layout effect runs within the commit of the keystroke's render, so a close that follows at
  // once (Esc right after typing) already knows; a passive effect may run after the key press.
  useLayoutEffect(() => {
    if (report) {
      report(dirty);
      return () => report(false);
    }
    if (!dirty) return undefined;
    dirtyOnPage.add(key);
    const unguard = guardUnsavedChanges(() => true);
    return () => {
      dirtyOnPage.delete(key);
      unguard();
    };
  }, [report, dirty, key]);
}

/** For what replaces a part of the page (a tab): `confirmLeave(go)` asks first while a form there holds changes. */
export function useLeaveGuard(texts: UnsavedChangesTexts) {
  const { element, ask } = useConfirm({ cancelLabel: texts.keepLabel, closeLabel: texts.closeLabel });
  const confirmLeave = async (go: () => void) => {
    if (dirtyOnPage.size === 0 || (await ask(texts.message, { title: texts.title, confirmLabel: texts.discardLabel }))) go();
  };
  return { confirmElement: element, confirmLeave };
}

/** The dialog's own close (through the unsaved-changes question), for a button inside it. */
export function useDialogClose(): (() => void) | null {
  return useContext(DialogCloseContext);
}
