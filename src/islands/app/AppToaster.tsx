// The toast host (SPEC §9): bottom-right (on a phone at the top, under the whole header, so the bottom
// quarter where thumbs and forms' buttons are stays clear; decision 176); never over the header's search
// or the control the person just used (src/lib/base/toast-placement.ts, decision 239), at most two at once, closable, 5000 ms, success and error styles, announced to
// screen readers. Uses react-hot-toast's headless store: its styled Toaster injects a <style>
// element at runtime, which the Content-Security-Policy blocks. The host is a manual popover, shown
// again whenever a toast arrives, so it sits in the top layer above any open modal dialog.
import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import toast, { useToaster } from 'react-hot-toast/headless';
import Toast from '../../components/Toast.tsx';
import { $toastQueue, takeToasts } from '../../lib/stores/toasts.ts';
import { toastPlacement } from '../../lib/base/toast-placement.ts';

/** SPEC §9: how long a toast stays. */
export const toastDurationMs = 5000;

/** At most this many toasts show at once; a newer one closes the oldest (decision 176). */
export const maxVisibleToasts = 2;

/**
 * The toasts to close so that at most `limit` show: the oldest first, successes before errors (an
 * error still asks to be read). `visible` is newest first, as the toaster keeps them.
 */
export function toastsOverLimit(visible: readonly { id: string; type: string; createdAt: number }[], limit = maxVisibleToasts): string[] {
  const excess = visible.length - limit;
  if (excess <= 0) return [];
  const order = visible
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        Number(a.item.type === 'error') - Number(b.item.type === 'error') || a.item.createdAt - b.item.createdAt || b.index - a.index,
    );
  return order.slice(0, excess).map(({ item }) => item.id);
}

interface Props {
  /** Label of the toast region and of each close button, in the page's language. */
  regionLabel: string;
  closeLabel: string;
}

export default function AppToaster({ regionLabel, closeLabel }: Props) {
  const queue = useStore($toastQueue);
  const { toasts, handlers } = useToaster({ duration: toastDurationMs });
  const host = useRef<HTMLElement>(null);
  // Rendered within the limit at once: the effect below dismisses the rest, but a burst must never show
  // more than two even for the frames before it runs (seen as five on a loaded machine).
  const overLimit = new Set(toastsOverLimit(toasts.filter((item) => item.visible)));
  const shown = toasts.filter((item) => item.visible && !overLimit.has(item.id));
  const visibleCount = shown.length;
  const shownIds = shown.map((item) => item.id).join(' ');

  // Where the toasts go, measured as they show and again when the person moves to another control.
  useLayoutEffect(() => {
    const element = host.current;
    if (!element || !shownIds) return;
    const place = () => {
      const header = document.querySelector<HTMLElement>('.shell-header');
      const active = document.activeElement;
      const control = active instanceof HTMLElement && active !== document.body && !element.contains(active) ? active : null;
      const size = element.getBoundingClientRect();
      const placement = toastPlacement({
        viewport: { width: window.innerWidth, height: window.innerHeight },
        headerBottom: Math.min(window.innerHeight, header?.getBoundingClientRect().bottom ?? 0),
        control: control?.getBoundingClientRect() ?? null,
        controlInHeader: Boolean(control && header?.contains(control)),
        stackHeight: size.height || 80 * shownIds.split(' ').length,
        stackWidth: size.width || 384,
        gap: 12,
      });
      element.dataset.edge = placement.edge;
      element.style.setProperty('--toaster-top', `${placement.top}px`);
    };
    place();
    document.addEventListener('focusin', place);
    window.addEventListener('resize', place);
    return () => {
      document.removeEventListener('focusin', place);
      window.removeEventListener('resize', place);
    };
  }, [shownIds]);

  useEffect(() => {
    const element = host.current;
    if (!element?.showPopover) return;
    // Re-showing moves the host to the top of the top layer, above a dialog opened since.
    if (element.matches(':popover-open')) element.hidePopover();
    element.showPopover();
  }, [visibleCount]);

  useEffect(() => {
    for (const request of takeToasts()) {
      const show = request.kind === 'success' ? toast.success : toast.error;
      // The same words again while they still show renew that toast instead of stacking a copy.
      show(request.message, { id: `app-${request.kind}-${request.message}` });
    }
  }, [queue]);

  // Never more than two deep: several unlocks or saves at once must not bury the page.
  useEffect(() => {
    for (const id of toastsOverLimit(toasts.filter((item) => item.visible))) toast.dismiss(id);
  }, [toasts]);

  return (
    <section
      ref={host}
      popover="manual"
      className="ui-toaster"
      aria-label={regionLabel}
      onMouseEnter={handlers.startPause}
      onMouseLeave={handlers.endPause}
    >
      {/* Errors interrupt (role=alert); successes wait their turn (role=status). */}
      <div role="alert" className="ui-toaster-list">
        {shown
          .filter((item) => item.type === 'error')
          .map((item) => (
            <ToastCard key={item.id} id={item.id} kind="error" message={String(item.message)} closeLabel={closeLabel} />
          ))}
      </div>
      <div role="status" className="ui-toaster-list">
        {shown
          .filter((item) => item.type !== 'error')
          .map((item) => (
            <ToastCard key={item.id} id={item.id} kind="success" message={String(item.message)} closeLabel={closeLabel} />
          ))}
      </div>
    </section>
  );
}

function ToastCard({ id, kind, message, closeLabel }: { id: string; kind: 'success' | 'error'; message: string; closeLabel: string }) {
  return <Toast kind={kind} message={message} closeLabel={closeLabel} onClose={() => toast.dismiss(id)} />;
}
