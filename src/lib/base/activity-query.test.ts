import { describe, expect, it } from 'vitest';
import { activityViewSearch, parseActivityView } from './activity-query.ts';

describe('the activities view in the address', () => {
  it('round-trips presets, custom ranges and sorts', () => {
    for (const search of [
      '?preset=this_month&sort=az',
      '?from=2026-01-01&to=2026-03-31',
      '?sort=oldest',
      '',
      '?preset=last_year',
      '?from=2026-01-01',
    ]) {
      expect(activityViewSearch(parseActivityView(search))).toBe(search);
    }
  });

  it('defaults to newest first at any time and ignores what it does not know', () => {
    expect(parseActivityView('?preset=tomorrow&sort=random&from=yesterday')).toEqual({
      preset: null,
      from: null,
      to: null,
      sort: 'newest',
    });
  });

  it('lets a preset win over a custom range and puts a reversed range in order', () => {
    expect(parseActivityView('?preset=today&from=2026-01-01')).toMatchObject({ preset: 'today', from: null, to: null });
    expect(parseActivityView('?from=2026-05-01&to=2026-01-01')).toMatchObject({ from: '2026-01-01', to: '2026-05-01' });
  });
});
