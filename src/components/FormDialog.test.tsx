// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FormDialog from './FormDialog.tsx';

afterEach(cleanup);

function renderDialog(props: Partial<Parameters<typeof FormDialog>[0]> = {}) {
  const onClose = vi.fn();
  const onSubmit = vi.fn((event: Event) => event.preventDefault());
  render(
    <FormDialog
      title="Add an email"
      closeLabel="Close"
      cancelLabel="Cancel"
      submitLabel="Add"
      formId="add-email"
      onClose={onClose}
      {...props}
    >
      <form id="add-email" onSubmit={(event) => onSubmit(event as unknown as Event)}>
        <input aria-label="Email" />
      </form>
    </FormDialog>,
  );
  return { onClose, onSubmit };
}

describe('FormDialog', () => {
  it('ties its submit button to the form, cancels through onClose and shows the error inside', () => {
    const { onClose } = renderDialog({ error: 'The server is unavailable.' });
    const submit = screen.getByText('Add').closest('button')!;
    expect(submit.getAttribute('type')).toBe('submit');
    expect(submit.getAttribute('form')).toBe('add-email');
    expect(submit.dataset['variant']).toBe('primary');
    expect(screen.getByRole('alert', { hidden: true }).textContent).toContain('The server is unavailable.');
    fireEvent.click(screen.getByText('Cancel').closest('button')!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the submission is busy; with lockWhileBusy, neither Cancel nor the close button closes it meanwhile', () => {
    const { onClose } = renderDialog({ busy: true, lockWhileBusy: true, variant: 'danger' });
    const submit = screen.getByText('Add').closest('button')!;
    expect(submit.getAttribute('aria-busy')).toBe('true');
    expect(submit.dataset['variant']).toBe('danger-strong');
    const cancel = screen.getByText('Cancel').closest('button')!;
    expect(cancel.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close', hidden: true }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('without lockWhileBusy, Cancel still closes while the submission runs', () => {
    const { onClose } = renderDialog({ busy: true });
    const cancel = screen.getByText('Cancel').closest('button')!;
    expect(cancel.disabled).toBe(false);
    fireEvent.click(cancel);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
