// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Button from './Button.tsx';
import { useHydrated } from './use-hydrated.ts';

function Probe() {
  return <p>{useHydrated() ? 'live' : 'prerendered'}</p>;
}

afterEach(cleanup);

describe('useHydrated', () => {
  // The prerender runs the islands through react-dom/server: it must see false there, or an
  // island reads the address while building (the /activities page once failed the build that way).
  it('is false while prerendering', () => {
    expect(renderToString(<Probe />)).toBe('<p>prerendered</p>');
  });

  it('hydrates the prerendered HTML as it is, without a mismatch, then turns true', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe />);
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Probe />, { onRecoverableError: recoverable });
    });
    expect(container.textContent).toBe('live');
    expect(recoverable).not.toHaveBeenCalled();
    container.remove();
  });

  it('is true from the first render of a component mounted in the browser (a dialog, a lazy form)', () => {
    const seen: boolean[] = [];
    function Recorder() {
      const hydrated = useHydrated();
      seen.push(hydrated);
      return null;
    }
    render(<Recorder />);
    expect(seen[0]).toBe(true);
    render(<Probe />);
    expect(screen.getByText('live')).toBeTruthy();
  });
});

describe('a submit button', () => {
  // A press before the island's code runs would post the prerendered form natively, which the site
  // cannot answer: the page would reload and the typed text would be gone.
  it('is disabled in the prerendered HTML and enabled once hydrated', async () => {
    const form = (
      <form>
        <Button type="submit">Save</Button>
      </form>
    );
    const html = renderToString(form);
    expect(html).toMatch(/<button[^>]*disabled=""/);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, form);
    });
    expect(container.querySelector('button')!.disabled).toBe(false);
    container.remove();
  });

  it('other buttons are never held back, and a submit button mounted in the browser is enabled at once', () => {
    expect(renderToString(<Button>Open</Button>)).not.toContain('disabled');
    render(<Button type="submit">Send</Button>);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(false);
  });

  it('stays disabled when asked to be', () => {
    render(
      <Button type="submit" disabled>
        Send
      </Button>,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);
  });
});
