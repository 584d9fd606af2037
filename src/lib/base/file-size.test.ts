import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';

describe('formatFileSize', () => {
  it('picks the unit and keeps one decimal only for small numbers', () => {
    expect(formatFileSize(0, 'en_GB')).toBe('0 B');
    expect(formatFileSize(900, 'en_GB')).toBe('900 B');
    expect(formatFileSize(2.4 * 1024 * 1024, 'en_GB')).toBe('2.4 MB');
    expect(formatFileSize(100 * 1024 * 1024, 'en_GB')).toBe('100 MB');
  });
  it('writes Ukrainian units and the decimal comma', () => {
    expect(formatFileSize(1536, 'uk_UA')).toBe('1,5 КБ');
  });
});
