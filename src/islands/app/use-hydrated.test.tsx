// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
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

  it('turns true once the island runs in the browser', async () => {
    await act(async () => {
      render(<Probe />);
    });
    expect(screen.getByText('live')).toBeTruthy();
  });
});
