// A web address may be typed without its scheme: 'example.com' is saved as
// 'https://example.com' by the same schema in the browser and on the server; other schemes stay refused.
import { describe, expect, it } from 'vitest';
import { UpdateBrandRequest } from './companies.ts';
import { UpdateProfileRequest } from './profile-sections.ts';
import { withWebScheme } from './validation.ts';

describe('a web address without its scheme', () => {
  it('gets https:// when it names a host', () => {
    expect(withWebScheme('example.com')).toBe('https://example.com');
    expect(withWebScheme('www.example.com/about?x=1')).toBe('https://www.example.com/about?x=1');
    expect(withWebScheme('example.com:8080/path')).toBe('https://example.com:8080/path');
    expect(withWebScheme('кафе.укр')).toBe('https://кафе.укр');
  });

  it('is left as typed when it has a scheme or is not a host', () => {
    for (const value of [
      'http://example.com',
      'https://example.com',
      'javascript:alert(1)',
      'mailto:ann@example.com',
      'ann@example.com',
      'data:text/html,x',
      'localhost',
      '//example.com',
      'not a site.com',
    ]) {
      expect(withWebScheme(value)).toBe(value);
    }
  });

  it('is saved with https:// by the profile header and the brand page, and other schemes stay refused', () => {
    expect(UpdateProfileRequest.shape.website.parse('  olena.example ')).toBe('https://olena.example');
    expect(UpdateBrandRequest.shape.website.parse('northwind.example/about')).toBe('https://northwind.example/about');
    expect(UpdateBrandRequest.shape.website.parse('http://northwind.example')).toBe('http://northwind.example');
    expect(UpdateBrandRequest.shape.website.safeParse('javascript:alert(1)').success).toBe(false);
    expect(UpdateBrandRequest.shape.website.safeParse('northwind').success).toBe(false);
  });
});
