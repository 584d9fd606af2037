// The toast host (SPEC §9): bottom-right, closable, 5000 ms, success and error styles, announced to
// screen readers. Uses react-hot-toast's headless store: its styled Toaster injects a <style>
// element at runtime, which the Content-Security-Policy blocks.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import toast, { useToaster } from 'react-hot-toast/headless';
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

  useEffect(() => {
    for (const request of takeToasts()) {
      const show = request.kind === 'success' ? toast.success : toast.error;
      show(request.message, { id: `app-${request.id}` });
    }
  }, [queue]);

  return (
    <section className="toaster" aria-label={regionLabel} onMouseEnter={handlers.startPause} onMouseLeave={handlers.endPause}>
      {/* Errors interrupt (role=alert); successes wait their turn (role=status). */}
      <div role="alert" className="toaster-list">
        {toasts
          .filter((item) => item.visible && item.type === 'error')
          .map((item) => (
            <ToastCard key={item.id} id={item.id} kind="error" message={String(item.message)} closeLabel={closeLabel} />
          ))}
      </div>
      <div role="status" className="toaster-list">
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
  return (
    <div className={`toast toast-${kind}`} data-toast={kind}>
      <span className="toast-message">{message}</span>
      <button type="button" className="toast-close" aria-label={closeLabel} onClick={() => toast.dismiss(id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
