// The `/activities` filter and sort as they travel in the address (`?preset=this_month&sort=az`, or
// `?from=2026-01-01&to=2026-03-31`), so a reload or a shared link shows the same list. Anything
// unknown in the address is ignored rather than refused.
import { ActivityPreset, ActivitySort, type ActivityPreset as Preset, type ActivitySort as Sort } from '../../../contract/activities.ts';

export interface ActivityView {
  preset: Preset | null;
  from: string | null;
  to: string | null;
  sort: Sort;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The view the address asks for; a preset wins over a custom range. */
export function parseActivityView(search: string): ActivityView {
  const params = new URLSearchParams(search);
  const preset = ActivityPreset.safeParse(params.get('preset'));
  const sort = ActivitySort.safeParse(params.get('sort'));
  const date = (name: string) => {
    const value = params.get(name);
    return value && isoDate.test(value) ? value : null;
  };
  let from = preset.success ? null : date('from');
  let to = preset.success ? null : date('to');
  if (from && to && from > to) [from, to] = [to, from];
  return { preset: preset.success ? preset.data : null, from, to, sort: sort.success ? sort.data : 'newest' };
}

/** The query string for a view: only what differs from the default (newest, any time). */
export function activityViewSearch(view: ActivityView): string {
  const params = new URLSearchParams();
  if (view.preset) params.set('preset', view.preset);
  else {
    if (view.from) params.set('from', view.from);
    if (view.to) params.set('to', view.to);
  }
  if (view.sort !== 'newest') params.set('sort', view.sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}
