import { describe, expect, it, vi } from 'vitest';
import { prefetch, takePrefetched } from './prefetch.ts';
import type { ApiClient } from './request.ts';

describe('prefetch', () => {
  it('starts a GET once and hands its answer to the first taker only', async () => {
    const get = vi.fn(async () => ({ data: 1 }));
    const api = { get } as unknown as ApiClient;
    prefetch('/api/x', api);
    prefetch('/api/x', api);
    expect(get).toHaveBeenCalledOnce();
    await expect(takePrefetched('/api/x')).resolves.toEqual({ data: 1 });
    expect(takePrefetched('/api/x')).toBeUndefined();
  });

  it('keeps a failure for the taker instead of raising it unhandled', async () => {
    const api = { get: vi.fn(async () => Promise.reject(new Error('offline'))) } as unknown as ApiClient;
    prefetch('/api/y', api);
    await expect(takePrefetched('/api/y')).rejects.toThrow('offline');
  });
});
