// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { idleTimeoutMs, inNextTask, whenLoadedAndIdle } from './task-slices.ts';

describe('task slices', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('runs the next slice in a task of its own, not the current one', async () => {
    vi.useFakeTimers();
    const work = vi.fn();
    inNextTask(work);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(work).toHaveBeenCalledOnce();
  });

  it('waits for the load event, then for an idle moment (within the timeout)', () => {
    const listeners: Record<string, () => void> = {};
    const idle = vi.fn((callback: () => void, options: { timeout: number }) => {
      expect(options.timeout).toBe(idleTimeoutMs);
      callback();
      return 1;
    });
    const page = {
      document: { readyState: 'interactive' },
      addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
      requestIdleCallback: idle,
    } as unknown as Window;
    const work = vi.fn();
    whenLoadedAndIdle(work, page);
    expect(work).not.toHaveBeenCalled();
    listeners['load']?.();
    expect(idle).toHaveBeenCalledOnce();
    expect(work).toHaveBeenCalledOnce();
  });

  it('goes straight to the idle wait on a page that has loaded', () => {
    const idle = vi.fn((callback: () => void) => (callback(), 1));
    const work = vi.fn();
    whenLoadedAndIdle(work, { document: { readyState: 'complete' }, requestIdleCallback: idle } as unknown as Window);
    expect(work).toHaveBeenCalledOnce();
  });
});
