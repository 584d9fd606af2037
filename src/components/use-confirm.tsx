// The kit's question asked with a promise (useConfirm). The dialog's code loads when a question is
// first asked: the unsaved-changes guard sits on pages that rarely ask it (decision 175).
import { lazy, Suspense, useState } from 'react';

const ConfirmDialog = lazy(() => import('./ConfirmDialog.tsx'));

export interface AskOptions {
  title: string;
  confirmLabel: string;
  variant?: 'danger' | 'primary';
}

/**
 * A question asked with a promise, for code that needs a yes or no before it goes on (closing a form
 * with unsaved changes): `const { element, ask } = useConfirm(labels)`; render `element`, then
 * `if (await ask(message, options)) …`.
 */
export function useConfirm(labels: { cancelLabel: string; closeLabel: string }) {
  const [question, setQuestion] = useState<{ message: string; options: AskOptions; resolve: (answer: boolean) => void } | null>(null);
  const ask = (message: string, options: AskOptions) =>
    new Promise<boolean>((resolve) => {
      setQuestion({ message, options, resolve });
    });
  const element = question ? (
    <Suspense fallback={null}>
      <ConfirmDialog
        title={question.options.title}
        message={<p>{question.message}</p>}
        confirmLabel={question.options.confirmLabel}
        variant={question.options.variant}
        cancelLabel={labels.cancelLabel}
        closeLabel={labels.closeLabel}
        onConfirm={() => undefined}
        onClose={(confirmed) => {
          setQuestion(null);
          question.resolve(confirmed);
        }}
      />
    </Suspense>
  ) : null;
  return { element, ask };
}
