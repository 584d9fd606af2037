import { describe, expect, it } from 'vitest';
import { toFormData } from './form-payload.ts';

describe('form payload rules (SPEC §7)', () => {
  it('writes scalars, skips null and undefined, and booleans as 1/0', () => {
    const form = toFormData({ name: 'Ann', age: 30, open: true, closed: false, gone: null, missing: undefined });
    expect([...form.entries()]).toEqual([
      ['name', 'Ann'],
      ['age', '30'],
      ['open', '1'],
      ['closed', '0'],
    ]);
  });

  it('writes arrays of scalars as name[] and arrays of objects as name[index][key]', () => {
    const form = toFormData({
      skills: ['TS', 'SQL'],
      languages: [
        { code: 'uk', level: 5 },
        { code: 'en', level: null },
      ],
      nested: [['a']],
      address: { city: 'Kyiv' },
    });
    expect([...form.entries()]).toEqual([
      ['skills[]', 'TS'],
      ['skills[]', 'SQL'],
      ['languages[0][code]', 'uk'],
      ['languages[0][level]', '5'],
      ['languages[1][code]', 'en'],
      ['nested[0][]', 'a'],
      ['address[city]', 'Kyiv'],
    ]);
  });

  it('sends files with their file name', () => {
    const file = new File(['x'], 'cv.pdf', { type: 'application/pdf' });
    const form = toFormData({ document: file, blob: new Blob(['y']), files: [file] });
    expect((form.get('document') as File).name).toBe('cv.pdf');
    expect((form.get('blob') as File).name).toBe('blob');
    expect((form.getAll('files[]')[0] as File).name).toBe('cv.pdf');
  });
});
