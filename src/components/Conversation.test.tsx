// @vitest-environment happy-dom
// One application's conversation (decision 271): each side named as the reader sees it, every text as
// text; sending puts the answer in the list and empties the field; a refusal shows on the field; a new
// version (a message arrived live) reads it again; a failed read says so.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationMessage } from '../../contract/application-messages.ts';
import Conversation, { type ConversationWords } from './Conversation.tsx';

afterEach(cleanup);

const message = (id: number, side: ApplicationMessage['side'], body: string, author = 'Andrii Melnyk'): ApplicationMessage => ({
  id,
  side,
  author: { first_name: author.split(' ')[0]!, last_name: author.split(' ')[1] ?? '' },
  body,
  created_at: '2026-11-29T10:00:00.000Z',
});
const words = (own: ApplicationMessage['side']): ConversationWords => ({
  own,
  you: own === 'applicant' ? 'You' : 'The company',
  other: own === 'applicant' ? 'Northwind' : 'Olena K',
  empty: 'No messages yet.',
  label: 'Message',
  send: 'Send message',
  failed: 'The messages could not be loaded.',
});

describe('Conversation', () => {
  it('names each side as the reader sees it and keeps every text as text', async () => {
    const list = [message(1, 'applicant', '<img src=x onerror=alert(1)> Hello', 'Olena K'), message(2, 'company', 'Hi <b>there</b>')];
    const { container, rerender } = render(
      <Conversation load={async () => list} send={vi.fn()} version={0} canWrite={false} words={words('applicant')} locale="en_GB" />,
    );
    expect(await screen.findByText('<img src=x onerror=alert(1)> Hello')).toBeTruthy();
    expect(container.querySelector('img, b')).toBeNull();
    const items = screen.getAllByRole('listitem');
    expect(items[0]!.textContent).toMatch(/^You ·/);
    expect(items[1]!.textContent).toMatch(/^Northwind ·/);
    expect(screen.queryByRole('textbox')).toBeNull();
    rerender(<Conversation load={async () => list} send={vi.fn()} version={1} canWrite words={words('company')} locale="en_GB" />);
    await waitFor(() => expect(screen.getAllByRole('listitem')[1]!.textContent).toMatch(/^Andrii Melnyk ·/));
    expect(screen.getAllByRole('listitem')[0]!.textContent).toMatch(/^Olena K ·/);
  });

  it('sends, reads again on a new version, and says a refusal on the field', async () => {
    const load = vi.fn(async () => [] as ApplicationMessage[]);
    const send = vi.fn(async (body: string) => [message(1, 'applicant', body)]);
    const { rerender } = render(<Conversation load={load} send={send} version={0} canWrite words={words('applicant')} locale="en_GB" />);
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: 'When?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('When?')).toBeTruthy();
    expect(send).toHaveBeenCalledWith('When?');
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('');
    rerender(<Conversation load={load} send={send} version={1} canWrite words={words('applicant')} locale="en_GB" />);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    send.mockRejectedValueOnce(new Error('Too many messages'));
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByLabelText(/^Message/).getAttribute('aria-invalid')).toBe('true'));
  });

  it('says a failed read', async () => {
    render(
      <Conversation
        load={() => Promise.reject(new Error('x'))}
        send={vi.fn()}
        version={0}
        canWrite
        words={words('company')}
        locale="en_GB"
      />,
    );
    expect(await screen.findByText('The messages could not be loaded.')).toBeTruthy();
  });
});
