// The toast host (SPEC §9): bottom-right, closable, 5000 ms, success and error styles, announced to
// screen readers. Uses react-hot-toast's headless store: its styled Toaster injects a <style>
// element at runtime, which the Content-Security-Policy blocks. The host is a manual popover, shown
// again whenever a toast arrives, so it sits in the top layer above any open modal dialog.
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import toast, { useToaster } from 'react-hot-toast/headless';
import Toast from '../../components/Toast.tsx';
import { $toastQueue, takeToasts } from '../../lib/stores/toasts.ts';

/** SPEC §9: how long a toast stays. */
export const toastDurationMs = 5000;

interface Props {
  /** Label of the toast region and of each close button, in the page's language. */
  regionLabel: string;
  closeLabel: string;
}

export default function AppToaster({ regionLabel, closeLabel }: Props) {
  const queue = useStore($toastQueue);
  const { toasts, handlers } = useToaster({ duration: toastDurationMs });
  const host = useRef<HTMLElement>(null);
  const visibleCount = toasts.filter((item) => item.visible).length;

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
      show(request.message, { id: `app-${request.id}` });
    }
  }, [queue]);

  return (
    <section ref={host} popover="manual" className="ui-toaster" aria-label={regionLabel} onMouseEnter={handlers.startPause} onMouseLeave={handlers.endPause}>
      {/* Errors interrupt (role=alert); successes wait their turn (role=status). */}
      <div role="alert" className="ui-toaster-list">
        {toasts
          .filter((item) => item.visible && item.type === 'error')
          .map((item) => (
            <ToastCard key={item.id} id={item.id} kind="error" message={String(item.message)} closeLabel={closeLabel} />
          ))}
      </div>
      <div role="status" className="ui-toaster-list">
        {toasts
          .filter((item) => item.visible && item.type !== 'error')
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
