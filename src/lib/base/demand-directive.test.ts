// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import demandDirective from './demand-directive.ts';
import { demandedIslands, demandIsland } from './island-demand.ts';

function island(name: string) {
  const element = document.createElement('astro-island');
  const hydrate = vi.fn(async () => {});
  const load = vi.fn(async () => hydrate);
  demandDirective(load, { name: 'Island', value: name }, element);
  return { load, hydrate };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('client:demand', () => {
  beforeEach(() => demandedIslands().clear());
  afterEach(() => demandedIslands().clear());

  it('loads nothing until library code asks for the island', async () => {
    const { load } = island('toaster');
    demandIsland('error-screen');
    await settle();
    expect(load).not.toHaveBeenCalled();
  });

  it('hydrates once when asked, however often', async () => {
    const { load, hydrate } = island('toaster');
    demandIsland('toaster');
    demandIsland('toaster');
    await settle();
    expect(load).toHaveBeenCalledOnce();
    expect(hydrate).toHaveBeenCalledOnce();
  });

  it('hydrates at once an island asked for before its script ran', async () => {
    demandIsland('toaster');
    const { hydrate } = island('toaster');
    await settle();
    expect(hydrate).toHaveBeenCalledOnce();
  });

  it('is asked for by the first toast and by a fatal error', async () => {
    const [{ notifySuccess, toasterIsland }, { showFatalError, errorScreenIsland }] = await Promise.all([
      import('../stores/toasts.ts'),
      import('../stores/fatal-error.ts'),
    ]);
    expect(demandedIslands().has(toasterIsland)).toBe(false);
    notifySuccess('Saved');
    expect(demandedIslands().has(toasterIsland)).toBe(true);
    expect(demandedIslands().has(errorScreenIsland)).toBe(false);
    showFatalError(new Error('Boom'), 'Something went wrong');
    expect(demandedIslands().has(errorScreenIsland)).toBe(true);
  });
});
