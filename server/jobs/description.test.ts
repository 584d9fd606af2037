import { describe, expect, it } from 'vitest';
import { normaliseDescription, plainDescription, renderDescription } from './description.ts';

describe('an opening description', () => {
  it('renders paragraphs, lists, bold and links of the subset', () => {
    const html = renderDescription('We build **maps**.\nSecond line.\n\n- Go\n- [SQL](https://www.postgresql.org/)\n\n1. Apply\n2. Talk');
    expect(html).toBe(
      '<p>We build <strong>maps</strong>.<br>Second line.</p><ul><li>Go</li><li><a href="https://www.postgresql.org/" rel="nofollow noopener ugc">SQL</a></li></ul><ol><li>Apply</li><li>Talk</li></ol>',
    );
  });

  it('keeps HTML and scripts as text, and never makes a javascript: link', () => {
    const html = renderDescription('<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) **<b>x</b>**');
    expect(html).not.toMatch(/<script|<img|<b>|href="javascript/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('[click](javascript:alert(1))');
    expect(html).toContain('<strong>&lt;b&gt;x&lt;/b&gt;</strong>');
  });

  it('quotes in a link cannot leave its attribute', () => {
    expect(renderDescription('[x](https://a.example/"onmouseover="alert(1))')).not.toContain('" onmouseover');
  });

  it('is stored with one kind of line end and no runs of blank lines', () => {
    expect(normaliseDescription('  a  \r\n\r\n\r\n\r\nb\r')).toBe('a\n\nb');
  });

  it('reads as plain words for previews', () => {
    expect(plainDescription('**Hi** there\n\n- [one](https://a.example/)\n- two')).toBe('Hi there one two');
  });
});
