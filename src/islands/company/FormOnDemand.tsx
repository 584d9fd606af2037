// A workspace form shown on request (decision 307): its card shows the facts the form changes and a
// button; pressing it opens the form in place, its code (and the form library with it) loaded then, or
// already when the button is pointed at or focused. The employee list and the employee page open their
// forms this way, so they show without the form library (the view's 180 KB budget,
// bench/js-until-idle.ts), as the brand page's editor does (BrandPanel.tsx).
import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import type { Locale } from '../../../contract/locale.ts';
import Button from '../../components/Button.tsx';
import { useUnsavedChanges } from '../../components/UnsavedChanges.tsx';
import { unsavedChangesTexts } from '../../lib/forms/confirmations.ts';

/** A form's module, loaded once when first asked for (state, not lazy() and Suspense: decision 175). */
interface FormModule<P> {
  load: () => Promise<ComponentType<P>>;
  /** Starts loading, for a button pointed at or focused; a failure is left to the press. */
  preload: () => void;
  /** The form's code, once it has arrived. */
  loaded: () => ComponentType<P> | undefined;
}

export function formModule<P>(importer: () => Promise<{ default: ComponentType<P> }>): FormModule<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const load = () =>
    (loading ??= importer().then(
      (m) => (loaded = m.default),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return { load, preload: () => void load().catch(() => undefined), loaded: () => loaded };
}

interface Props<P> {
  form: FormModule<P>;
  /** The button that opens the form: says what it does ('Change the job'). */
  label: string;
  /** What shows while the form is closed, above its button (the facts the form changes). */
  children?: ReactNode;
  /** Shown instead of the button while the form cannot be opened (no one left to hire). */
  instead?: ReactNode;
  /** The open form, given its code and the way to close it (after a save, Cancel or Esc). */
  render: (Form: ComponentType<P>, close: () => void) => ReactNode;
  /**
   * False while what the form starts from is still being read (the job form's members and teams): the
   * button waits, since a form opened without them would show, and save, no reviewer or team.
   */
  ready?: boolean;
}

/**
 * The button, and in its place the form once opened: focus moves to the form's first field, and back
 * to the button when the form closes (or to the card's title when the button is gone, e.g. no one is
 * left to hire).
 */
export default function FormOnDemand<P>({ form, label, children, instead, render, ready = true }: Props<P>) {
  // 'closed' shows the button; 'opening' waits for the form's code; 'open' shows the form.
  const [state, setState] = useState<'closed' | 'opening' | 'open'>('closed');
  const [Form, setFormCode] = useState(() => form.loaded());
  const place = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (state === 'open') {
      wasOpen.current = true;
      place.current?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea')?.focus();
    } else if (state === 'closed' && wasOpen.current) {
      wasOpen.current = false;
      (button.current ?? place.current?.closest('.ui-card')?.querySelector<HTMLElement>('.ui-card-title'))?.focus();
    }
  }, [state]);
  const open = () => {
    setState('opening');
    // A chunk that fails to load rejects unhandled: the page's chunk-failure guard reloads.
    void form.load().then((code) => {
      setFormCode(() => code);
      setState('open');
    });
  };
  return (
    <div ref={place} className="company-on-demand">
      {state === 'open' && Form ? (
        render(Form, () => setState('closed'))
      ) : (
        <>
          {children}
          {instead ?? (
            <div className="company-actions">
              <Button
                ref={button}
                loading={state === 'opening' || !ready}
                onClick={open}
                onPointerEnter={form.preload}
                onFocus={form.preload}
              >
                {label}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The way out of a form opened in place: Cancel, or Esc anywhere in it, closes it, asking first when
 * something is unsaved (the kit's question, as the brand page's editor asks). Render `confirmElement`
 * beside the form and put `onKeyDown` on it.
 */
export function useFormClose(dirty: boolean, locale: Locale, close: () => void) {
  const { confirmElement, confirmDiscard } = useUnsavedChanges(dirty, unsavedChangesTexts(locale));
  const cancel = () => void confirmDiscard(close);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    cancel();
  };
  return { confirmElement, cancel, onKeyDown };
}
