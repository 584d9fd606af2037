// @vitest-environment happy-dom
// The kit's one unsaved-changes question (SPEC §4, decision 172): a form inside a Dialog or
// FormDialog reports its changes, and every way out of the dialog asks first; a form on the page asks
// before another tab or section replaces it.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Button from './Button.tsx';
import Dialog from './Dialog.tsx';
import FormDialog from './FormDialog.tsx';
import { useLeaveGuard, useUnsavedReport, type UnsavedChangesTexts } from './UnsavedChanges.tsx';

afterEach(cleanup);

const texts: UnsavedChangesTexts = {
  title: 'Discard your changes?',
  message: 'You have unsaved changes. Close without saving them?',
  discardLabel: 'Discard changes',
  keepLabel: 'Keep editing',
  closeLabel: 'Close question',
};

function NameForm() {
  const [name, setName] = useState('');
  useUnsavedReport(name !== '');
  return (
    <form id="name-form">
      <input aria-label="Name" value={name} onChange={(event) => setName(event.target.value)} />
    </form>
  );
}

const question = () => screen.queryByText('You have unsaved changes. Close without saving them?');
const type = (value: string) => fireEvent.input(screen.getByLabelText('Name'), { target: { value } });

describe('closing a FormDialog', () => {
  function open() {
    const onClose = vi.fn();
    render(
      <FormDialog
        title="Edit team"
        closeLabel="Close"
        cancelLabel="Cancel"
        submitLabel="Save"
        formId="name-form"
        onClose={onClose}
        unsaved={{ texts }}
      >
        <NameForm />
      </FormDialog>,
    );
    return onClose;
  }

  it('closes at once when nothing changed', () => {
    const onClose = open();
    fireEvent.click(screen.getByText('Cancel').closest('button')!);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(question()).toBeNull();
  });

  it.each([
    ['Cancel', () => fireEvent.click(screen.getByText('Cancel').closest('button')!)],
    ['the close button', () => fireEvent.click(screen.getByRole('button', { name: 'Close', hidden: true }))],
    ['Esc', () => fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' })],
  ])('with changes, asks first through %s: keep editing stays, discard closes', async (_, close) => {
    const onClose = open();
    type('Platform');
    close();
    await waitFor(() => expect(question()).not.toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Keep editing').closest('button')!);
    await waitFor(() => expect(question()).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Platform');
    close();
    await waitFor(() => expect(question()).not.toBeNull());
    fireEvent.click(screen.getByText('Discard changes').closest('button')!);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

describe('Esc at once after a keystroke, before React has finished its queued work', () => {
  // Chromium runs a key press before tasks React queued (input first), so Esc can arrive after the
  // keystroke's render but before the dialog re-rendered with the form's report. Outside act(), to
  // keep React's real scheduling: only microtasks run between the two events.
  it('still asks first', async () => {
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    const onClose = vi.fn();
    try {
      root.render(
        <FormDialog
          title="Edit team"
          closeLabel="Close"
          cancelLabel="Cancel"
          submitLabel="Save"
          formId="name-form"
          onClose={onClose}
          unsaved={{ texts }}
        >
          <NameForm />
        </FormDialog>,
      );
      await waitFor(() => expect(screen.getByLabelText('Name')).toBeTruthy());
      const input = screen.getByLabelText('Name') as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, 'Platform');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      for (let step = 0; step < 5; step += 1) await Promise.resolve();
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
      await waitFor(() => expect(question()).not.toBeNull());
      expect(onClose).not.toHaveBeenCalled();
    } finally {
      root.unmount();
      host.remove();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });
});

describe('a plain Dialog with a form inside', () => {
  it('asks before its close button closes it with changes', async () => {
    const onClose = vi.fn();
    render(
      <Dialog title="Edit team" closeLabel="Close" onClose={onClose} unsaved={{ texts }}>
        <NameForm />
      </Dialog>,
    );
    type('Design');
    fireEvent.click(screen.getByRole('button', { name: 'Close', hidden: true }));
    await waitFor(() => expect(question()).not.toBeNull());
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('a form on the page', () => {
  function Page() {
    const [tab, setTab] = useState<'form' | 'other'>('form');
    const { confirmElement, confirmLeave } = useLeaveGuard(texts);
    return (
      <>
        <Button onClick={() => void confirmLeave(() => setTab('other'))}>Other tab</Button>
        {tab === 'form' ? <NameForm /> : <p>Other content</p>}
        {confirmElement}
      </>
    );
  }

  it('is left at once without changes, and asks first with them; the browser is asked on unload meanwhile', async () => {
    render(<Page />);
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      globalThis.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    type('Draft');
    expect(unload()).toBe(true);
    fireEvent.click(screen.getByText('Other tab'));
    await waitFor(() => expect(question()).not.toBeNull());
    expect(screen.queryByText('Other content')).toBeNull();
    fireEvent.click(screen.getByText('Discard changes').closest('button')!);
    await screen.findByText('Other content');
    expect(unload()).toBe(false);
    cleanup();
    render(<Page />);
    await act(async () => fireEvent.click(screen.getByText('Other tab')));
    expect(screen.getByText('Other content')).toBeTruthy();
    expect(question()).toBeNull();
  });
});
