// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import paramDirective from './param-directive.ts';

function island(search: string) {
  history.replaceState(null, '', `/invitation${search}`);
  document.body.innerHTML = '<astro-island></astro-island><div data-without-param="token" hidden><p role="alert">Not valid</p></div>';
  const element = document.querySelector<HTMLElement>('astro-island')!;
  const without = document.querySelector<HTMLElement>('[data-without-param]')!;
  const hydrate = vi.fn(async () => {});
  const load = vi.fn(async () => hydrate);
  paramDirective(load, { name: 'Island', value: 'token' }, element);
  return { element, load, hydrate, without };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('client:param', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  it('hydrates the island when the address carries the parameter, and drops the page’s answer for its absence', async () => {
    const { load, hydrate, element, without } = island('?token=abc');
    await settle();
    expect(load).toHaveBeenCalledOnce();
    expect(hydrate).toHaveBeenCalledOnce();
    expect(element.style.display).toBe('');
    expect(without.isConnected).toBe(false);
  });

  it('loads nothing without it, or with it empty, and shows the page’s own answer instead', async () => {
    for (const search of ['', '?token=', '?other=1']) {
      const { load, element, without } = island(search);
      await settle();
      expect(load).not.toHaveBeenCalled();
      expect(element.style.display).toBe('none');
      expect(without.hidden).toBe(false);
    }
  });
});
