// The select lists of the contact info (decision 153): every country has a fixed id and a name in
// both languages; every time zone offered is one the runtime accepts, under its current IANA name.
import { describe, expect, it } from 'vitest';
import { countries, countryById } from './countries.ts';
import { renamedTimeZones, timeZoneNames } from './time-zones.ts';
import { isTimeZone } from './validation.ts';

describe('the countries list', () => {
  it('has unique ids and codes, counting from 1 without gaps, and a name in each language', () => {
    expect(countries.map((c) => c.id)).toEqual(countries.map((_, i) => i + 1));
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    for (const country of countries) {
      expect(country.code, country.en_GB).toMatch(/^[A-Z]{2}$/);
      expect(country.en_GB.length, country.code).toBeGreaterThan(1);
      expect(country.uk_UA, country.code).toMatch(/\p{Script=Cyrillic}/u);
    }
  });

  it('keeps the ids stored profiles rely on', () => {
    // Append-only: these must never move.
    expect(countryById(1)).toMatchObject({ code: 'AD' });
    expect(countries.find((c) => c.code === 'UA')).toMatchObject({ id: 230, en_GB: 'Ukraine', uk_UA: 'Україна' });
    expect(countries.find((c) => c.code === 'GB')).toMatchObject({ en_GB: 'United Kingdom', uk_UA: 'Велика Британія' });
    expect(countryById(0)).toBeUndefined();
    expect(countryById(countries.length + 1)).toBeUndefined();
  });
});

describe('the time zones offered', () => {
  it('are current IANA names the runtime accepts, with UTC and Kyiv under today’s name', () => {
    const names = timeZoneNames();
    expect(names).toContain('UTC');
    expect(names).toContain('Europe/Kyiv');
    expect(names).not.toContain('Europe/Kiev');
    for (const name of names) expect(isTimeZone(name), name).toBe(true);
    for (const current of Object.values(renamedTimeZones)) expect(isTimeZone(current), current).toBe(true);
  });

  it('refuse what is not a time zone', () => {
    for (const value of ['', 'Mars/Olympus_Mons', 'Europe/Kyiv/Extra/Deep', '../etc/passwd', 'UTC ', 'a'.repeat(70)])
      expect(isTimeZone(value), value).toBe(false);
  });
});
