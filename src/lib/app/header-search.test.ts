// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobResult } from '../../../contract/jobs-search.ts';
import type { SearchResult, Suggestions } from '../../../contract/search.ts';
import { upgradeHeaderSearch, type HeaderSearch, type HeaderSearchTexts } from './header-search.ts';

const texts: HeaderSearchTexts = {
  seeAll: 'See all results for “{q}”',
  count: { one: '{count} suggestion', other: '{count} suggestions' },
  none: 'No suggestions',
  failed: 'Suggestions are not available',
  listLabel: 'Suggestions',
  verified: 'Verified',
  company: 'Company',
  jobs: 'Jobs',
};

const person = (id: number, first: string, last: string): SearchResult => ({
  type: 'person',
  user_id: id,
  first_name: first,
  last_name: last,
  photo_url: null,
  headline: 'Product designer',
  location: null,
  profile_status: null,
  verified_position: { position: 'Lead designer', company: 'Northwind Studio', verified_domain: 'northwind.test' },
  matches: [],
});
const job: JobResult = {
  id: 12,
  title: 'Backend engineer',
  company: { id: 7, name: 'Northwind Studio', logo_url: null, address: 'northwind', verified_domain: 'northwind.test' },
  location: 'Kyiv',
  remote: false,
  employment_type: 'full_time',
  salary_min: null,
  salary_max: null,
  salary_currency: null,
  salary_period: null,
  published_at: '2026-11-20T09:00:00.000Z',
  closes_on: '2026-12-31',
};
const company: SearchResult = {
  type: 'company',
  company_id: 7,
  name: 'Northwind Studio',
  industry: 'Design',
  location: null,
  logo_url: null,
  matches: [],
};

let form: HTMLFormElement;
let input: HTMLInputElement;
let search: HeaderSearch;
let navigate: ReturnType<typeof vi.fn<(href: string) => void>>;
let fetchSuggestions: ReturnType<typeof vi.fn<(q: string, signal: AbortSignal) => Promise<Suggestions>>>;

function key(name: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true, ...init });
  input.dispatchEvent(event);
  return event;
}

async function type(text: string): Promise<void> {
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await vi.runAllTimersAsync();
}

const list = () => document.getElementById(input.getAttribute('aria-controls')!)!;
const options = () => [...list().querySelectorAll('[role="option"]')];
const activeText = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent ?? null;

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = `<form action="/uk/search" role="search" data-header-search><input id="q" name="q" type="search"></form>`;
  form = document.querySelector('form')!;
  form.dataset['texts'] = JSON.stringify(texts);
  input = form.querySelector('input')!;
  navigate = vi.fn<(href: string) => void>();
  fetchSuggestions = vi.fn<(q: string, signal: AbortSignal) => Promise<Suggestions>>(async () => ({
    items: [person(4, 'Olena', 'Kovalenko'), company],
    jobs: [],
  }));
  search = upgradeHeaderSearch(form, 'uk_UA', { fetchSuggestions, navigate, pauseMs: 200 });
  input.focus();
});

afterEach(() => {
  search.destroy();
  vi.useRealTimers();
});

describe('header search combobox', () => {
  it('is a combobox controlling a listbox, collapsed until there is something to suggest', async () => {
    expect(input.getAttribute('role')).toBe('combobox');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(list().getAttribute('role')).toBe('listbox');
    await type('o');
    expect(fetchSuggestions).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('asks once typing pauses, aborting the older question, and announces the count', async () => {
    input.value = 'ol';
    input.dispatchEvent(new Event('input'));
    input.value = 'ole';
    input.dispatchEvent(new Event('input'));
    await vi.runAllTimersAsync();
    expect(fetchSuggestions).toHaveBeenCalledTimes(1);
    expect(fetchSuggestions.mock.calls[0]![0]).toBe('ole');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    // Two results and 'See all results'.
    expect(options()).toHaveLength(3);
    expect(options()[0]!.textContent).toContain('Olena Kovalenko');
    expect(options()[0]!.textContent).toContain('Lead designer · Northwind Studio');
    expect(options()[2]!.textContent).toBe('See all results for “ole”');
    expect(form.querySelector('[role="status"]')!.textContent).toBe('2 suggestions');
  });

  it('moves with the arrows (wrapping), Home and End, naming the active option by aria-activedescendant', async () => {
    await type('olena');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(key('ArrowDown').defaultPrevented).toBe(true);
    expect(activeText()).toContain('Olena Kovalenko');
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    key('ArrowDown');
    expect(activeText()).toContain('Northwind Studio');
    key('ArrowDown');
    expect(activeText()).toBe('See all results for “olena”');
    key('ArrowDown');
    expect(activeText()).toContain('Olena Kovalenko');
    key('ArrowUp');
    expect(activeText()).toBe('See all results for “olena”');
    key('Home');
    expect(activeText()).toContain('Olena Kovalenko');
    key('End');
    expect(activeText()).toBe('See all results for “olena”');
    expect(document.activeElement).toBe(input);
  });

  it('opens the active option with Enter: the profile in the page language, a company page, all results', async () => {
    await type('olena');
    key('ArrowDown');
    expect(key('Enter').defaultPrevented).toBe(true);
    expect(navigate).toHaveBeenLastCalledWith('/uk/profile-4/');
    await type('north');
    key('ArrowDown');
    key('ArrowDown');
    key('Enter');
    expect(navigate).toHaveBeenLastCalledWith('/uk/company-profile?id=7');
    await type('north wind');
    // Home and End keep their text meaning until an option is active; ArrowUp goes to the last.
    expect(key('End').defaultPrevented).toBe(false);
    key('ArrowUp');
    key('Enter');
    expect(navigate).toHaveBeenLastCalledWith('/uk/search?q=north+wind');
  });

  it('leaves Enter to the form when no option is active, so it searches everything', async () => {
    await type('olena');
    expect(key('Enter').defaultPrevented).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('closes with Escape, then clears the field with a second Escape', async () => {
    await type('olena');
    key('ArrowDown');
    expect(key('Escape').defaultPrevented).toBe(true);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(input.value).toBe('olena');
    key('Escape');
    expect(input.value).toBe('');
    // ArrowDown on a closed list with suggestions opens it on the first.
    await type('olena');
    key('Escape');
    key('ArrowDown');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(activeText()).toContain('Olena Kovalenko');
  });

  it('says when nothing matches or suggestions fail, still offering all results', async () => {
    fetchSuggestions.mockResolvedValueOnce({ items: [], jobs: [] });
    await type('zzzz');
    expect(list().textContent).toContain('No suggestions');
    expect(options()).toHaveLength(1);
    fetchSuggestions.mockRejectedValueOnce(new Error('down'));
    await type('zzzzz');
    expect(list().textContent).toContain('Suggestions are not available');
    expect(form.querySelector('[role="status"]')!.textContent).toBe('Suggestions are not available');
    expect(options()).toHaveLength(1);
  });

  it('opens a suggestion chosen with the pointer, keeping the focus in the field', async () => {
    await type('olena');
    const event = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
    options()[1]!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/uk/company-profile?id=7');
  });

  it('writes names as text, never as markup', async () => {
    fetchSuggestions.mockResolvedValueOnce({ items: [person(5, '<img src=x onerror=alert(1)>', 'X')], jobs: [] });
    await type('xss');
    expect(list().querySelector('img')).toBeNull();
    expect(options()[0]!.textContent).toContain('<img src=x onerror=alert(1)> X');
  });

  it("offers openings in a group of their own, each opening its job page in the page's language (decision 269)", async () => {
    fetchSuggestions.mockResolvedValueOnce({ items: [person(4, 'Olena', 'Kovalenko')], jobs: [job] });
    await type('backend');
    const group = list().querySelector('[role="group"]')!;
    expect(document.getElementById(group.getAttribute('aria-labelledby')!)!.textContent).toBe('Jobs');
    expect(group.querySelectorAll('[role="option"]')).toHaveLength(1);
    expect(options().map((o) => o.textContent)).toEqual([
      expect.stringContaining('Olena Kovalenko'),
      expect.stringContaining('Backend engineer'),
      expect.stringContaining('backend'),
    ]);
    key('ArrowDown');
    key('ArrowDown');
    expect(activeText()).toContain('Northwind Studio · Kyiv');
    key('Enter');
    expect(navigate).toHaveBeenCalledWith('/uk/company/northwind/jobs/12');
  });
});
