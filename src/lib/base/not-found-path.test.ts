// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { showMissingPath } from './not-found-path.ts';

function page(template: string): HTMLElement {
  document.body.innerHTML = `<p data-page-not-found="${template}" hidden></p>`;
  return document.querySelector('p') as HTMLElement;
}

describe('the not-found page names the missing path (SPEC §8)', () => {
  it('fills the template in either language and shows the line', () => {
    const line = page('Page not found: {path}');
    showMissingPath(document, '/no-such-page');
    expect(line.textContent).toBe('Page not found: /no-such-page');
    expect(line.hidden).toBe(false);
    page('Сторінку не знайдено: {path}');
    showMissingPath(document, '/uk/%D0%BF%D1%80%D0%BE%D1%84%D1%96%D0%BB%D1%8C');
    expect(document.querySelector('p')?.textContent).toBe('Сторінку не знайдено: /uk/профіль');
  });

  it('keeps a path that does not decode, and never reads it as HTML', () => {
    page('Page not found: {path}');
    showMissingPath(document, '/%E0%A4%A/<img src=x onerror=alert(1)>');
    expect(document.querySelector('p')?.textContent).toBe('Page not found: /%E0%A4%A/<img src=x onerror=alert(1)>');
    expect(document.querySelector('img')).toBeNull();
  });
});
