import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript, safeHref } from './html-escape.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that change HTML', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  });
  it('leaves other text, Cyrillic included, as it is', () => {
    expect(escapeHtml('Олена Коваль — UX')).toBe('Олена Коваль — UX');
  });
});

describe('jsonForScript', () => {
  it('cannot close the script element or open a comment', () => {
    const out = jsonForScript({ name: '</script><script>alert(1)</script><!--' });
    expect(out).not.toMatch(/<|>/);
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script><!--' });
  });
  it('escapes ampersands and line separators and still parses back', () => {
    const value = { a: 'x & y\u2028z\u2029' };
    const out = jsonForScript(value);
    expect(out).not.toMatch(/[&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe('safeHref', () => {
  it('keeps http and https links', () => {
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHref('http://example.com')).toBe('http://example.com/');
  });
  it('refuses script, data and relative links', () => {
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,<b>x</b>')).toBeUndefined();
    expect(safeHref('/in/other')).toBeUndefined();
    expect(safeHref(null)).toBeUndefined();
  });
});
