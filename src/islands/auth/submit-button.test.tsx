// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import LoginForm from './LoginForm.tsx';
import SubmitButton from './SubmitButton.tsx';
import { islandMessages } from '../../i18n/island-messages.ts';

describe('the accounts forms’ prerendered submit button', () => {
  it('is disabled until the code runs, where nothing would hold an early submit', () => {
    expect(renderToString(<SubmitButton busy={false}>Send</SubmitButton>)).toMatch(/<button[^>]* disabled/);
  });

  // decision 159: the sign-in form hydrates on interaction and its directive holds an early submit,
  // so the first press of a form a password manager filled is taken, not swallowed by a disabled button.
  it('takes the first press where the island holds an early submit (the sign-in form)', () => {
    expect(
      renderToString(
        <SubmitButton busy={false} heldUntilLive>
          Send
        </SubmitButton>,
      ),
    ).not.toMatch(/disabled/);
    const form = renderToString(<LoginForm locale="en_GB" messages={islandMessages('en_GB', 'auth/LoginForm.tsx')} />);
    expect(form).toMatch(/<button type="submit"/);
    expect(form).not.toMatch(/<button[^>]* disabled/);
  });

  it('is disabled while busy', () => {
    expect(
      renderToString(
        <SubmitButton busy heldUntilLive>
          Send
        </SubmitButton>,
      ),
    ).toMatch(/<button[^>]* disabled/);
  });
});
