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

  it('loads a place a fast scroll carried past the screen, which the observer never reports', async () => {
    const load = vi.fn(async () => ({ default: Contents }));
    const { container } = render(<NearScreen load={load} props={{ text: 'Passed' }} placeholder={<span>…</span>} />);
    const place = container.querySelector('.near-screen')!;
    // Still below the screen: a scroll loads nothing.
    vi.spyOn(place, 'getBoundingClientRect').mockReturnValue({ top: globalThis.innerHeight + 900 } as DOMRect);
    act(() => void globalThis.dispatchEvent(new Event('scroll')));
    expect(load).not.toHaveBeenCalled();
    // Now above it, without the observer having said a word.
    vi.spyOn(place, 'getBoundingClientRect').mockReturnValue({ top: -2000 } as DOMRect);
    await act(async () => void globalThis.dispatchEvent(new Event('scroll')));
    expect(load).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Passed')).toBeTruthy();
  });

  it('tries again when its code failed to load, the next time it comes near the screen', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('dropped')).mockResolvedValue({ default: Contents });
    render(<NearScreen load={load} props={{ text: 'Second try' }} placeholder={<span>…</span>} />);
    await act(async () => reportNear!(true));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => reportNear!(true));
    expect(load).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('Second try')).toBeTruthy();
  });
});
