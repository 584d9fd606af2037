import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver.ts';

type Values = { name: string };
const answer = { values: { name: 'Ada' }, errors: {} };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('lazyResolver', () => {
  it('loads nothing until it is used, then loads once and validates with what it loaded', async () => {
    const real = vi.fn<Resolver<Values>>(async () => answer);
    const load = vi.fn(async () => real);
    const lazy = lazyResolver<Values>(load);
    expect(load).not.toHaveBeenCalled();
    lazy.preload();
    lazy.preload();
    expect(await lazy.resolver({ name: 'Ada' }, undefined, options)).toBe(answer);
    expect(await lazy.resolver({ name: 'Ada' }, undefined, options)).toBe(answer);
    expect(load).toHaveBeenCalledTimes(1);
    expect(real).toHaveBeenCalledTimes(2);
    expect(real).toHaveBeenLastCalledWith({ name: 'Ada' }, undefined, options);
  });

  it('tries again after a failed load (a network blip), and a failed preload is not an unhandled error', async () => {
    const real: Resolver<Values> = async () => answer;
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(real);
    const lazy = lazyResolver<Values>(load);
    lazy.preload();
    await Promise.resolve();
    await expect(lazy.resolver({ name: 'Ada' }, undefined, options)).resolves.toBe(answer);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
