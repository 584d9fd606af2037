// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import NearScreen from './NearScreen.tsx';

// One observer at a time: the test says when the place comes near the screen.
let reportNear: ((near: boolean) => void) | undefined;
class FakeIntersectionObserver {
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
    reportNear = (near) => callback([{ isIntersecting: near }]);
  }
  observe() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  reportNear = undefined;
});

function Contents({ text }: { text: string }) {
  return <p>{text}</p>;
}

describe('NearScreen', () => {
  it('keeps its placeholder still until it comes near the screen, then loads the contents once', async () => {
    let resolve!: (module: { default: typeof Contents }) => void;
    const load = vi.fn(() => new Promise<{ default: typeof Contents }>((done) => (resolve = done)));
    const { container } = render(
      <NearScreen load={load} props={{ text: 'Loaded' }} placeholder={<span className="ui-skeleton" aria-hidden="true" />} />,
    );
    const place = container.querySelector('.near-screen')!;
    // Far from the screen: nothing loads, and the skeleton does not shimmer (kit.css reads data-near).
    expect(place.hasAttribute('data-near')).toBe(false);
    act(() => reportNear!(false));
    expect(load).not.toHaveBeenCalled();
    expect(place.hasAttribute('data-near')).toBe(false);

    act(() => reportNear!(true));
    expect(load).toHaveBeenCalledTimes(1);
    expect(place.hasAttribute('data-near')).toBe(true);

    await act(async () => resolve({ default: Contents }));
    expect(screen.getByText('Loaded')).toBeTruthy();
    expect(container.querySelector('.near-screen')).toBeNull();
  });
});
