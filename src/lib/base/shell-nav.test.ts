// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { unmarkNavigation } from './shell-nav.ts';

describe('unmarkNavigation', () => {
  it('takes the current-page mark off the navigation, and nothing else', () => {
    document.body.innerHTML = `
      <nav><a class="shell-nav-link" href="/" aria-current="page">Home</a><a class="shell-nav-link" href="/careers">Careers</a></nav>
      <a class="shell-bell" href="/notifications" aria-current="page">Bell</a>`;
    unmarkNavigation();
    expect(document.querySelectorAll('.shell-nav-link[aria-current]')).toHaveLength(0);
    expect(document.querySelector('.shell-bell')!.getAttribute('aria-current')).toBe('page');
  });
});
