// The header's search field upgraded to a WAI-ARIA 1.2 combobox with a listbox popup (decision 207). The
// prerendered field is a plain `<form action="/search" role="search">` that works
// without any script; its island (src/islands/shell/HeaderSearch.tsx, `client:interaction`) loads
// with this module the first time the field is focused or typed in, so no page pays for it up front.
//
// Focus never leaves the input: the active option is named by aria-activedescendant. Typing asks
// for suggestions once typing pauses (the older request aborted). The keys are the site's one
// combobox model (combobox-keys.ts): arrows move through the options (wrapping), Home/End go to the
// first/last while an option is active, Enter opens the active option (a profile, a company, an
// opening, or 'See all results'), or without one submits the form to /search; Escape closes the
// list, and with the list closed clears the field. A polite live region
// says how many suggestions there are. Openings come in a group of their own, 'Jobs', after people
// and companies, each opening its job page (decision 269).
import { companyProfilePath } from '../../../contract/company-routes.ts';
import { jobPagePath } from '../../../contract/job-paths.ts';
import type { JobResult } from '../../../contract/jobs-search.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { SearchResult, Suggestions } from '../../../contract/search.ts';
import { searchLimits } from '../../../contract/search-limits.ts';
import { initialsOf, toneOf } from '../base/avatar-tone.ts';
import { comboboxKey } from '../base/combobox-keys.ts';
import { pluralize, type PluralForms } from '../base/plurals.ts';
import { buildSitePath } from '../base/site-path.ts';

/** The texts the layout writes into the form's `data-texts`. */
export interface HeaderSearchTexts {
  /** 'Search results for “{q}”', the last option. */
  seeAll: string;
  /** '{count} suggestions…' in plural forms. */
  count: PluralForms;
  none: string;
  failed: string;
  listLabel: string;
  verified: string;
  company: string;
  /** The openings' group: 'Jobs'. */
  jobs: string;
}

export interface HeaderSearchDeps {
  fetchSuggestions: (q: string, signal: AbortSignal) => Promise<Suggestions>;
  navigate: (href: string) => void;
  /** How long typing pauses before asking (ms). */
  pauseMs: number;
}

const defaultDeps: HeaderSearchDeps = {
  // The API module (and its schemas) loads with the first question, not with this module.
  fetchSuggestions: (q, signal) => import('../api/search-api.ts').then(({ fetchSuggestions }) => fetchSuggestions(q, signal)),
  navigate: (href) => globalThis.location.assign(href),
  pauseMs: 200,
};

/** Where a result opens: a person's profile, or the company's page. */
export function resultHref(result: SearchResult, locale: Locale): string {
  if (result.type === 'person') return buildSitePath({ locale, profileId: String(result.user_id), page: '/' });
  return companyProfilePath(result.company_id, locale);
}

/** The name a result shows. */
export function resultName(result: SearchResult): string {
  return result.type === 'person' ? `${result.first_name} ${result.last_name}` : result.name;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A photo or logo, or initials on the person's own colour (the kit's Avatar, as DOM). */
function avatarOf(result: SearchResult): HTMLElement {
  const avatar = element('span', 'ui-avatar');
  avatar.dataset['size'] = 'small';
  avatar.setAttribute('aria-hidden', 'true');
  const src = result.type === 'person' ? result.photo_url : result.logo_url;
  if (result.type === 'company') avatar.dataset['square'] = '';
  if (src) {
    const img = document.createElement('img');
    img.src = src;
    img.alt = '';
    avatar.append(img);
  } else {
    avatar.dataset['tone'] = String(toneOf(result.type === 'person' ? result.user_id : resultName(result)));
    avatar.textContent = initialsOf(resultName(result));
  }
  return avatar;
}

/** What the list is filled in: the list itself, its id, its words, the page's language, the form's action. */
interface ListContext {
  list: HTMLUListElement;
  listId: string;
  texts: HeaderSearchTexts;
  locale: Locale;
  action: string;
}

interface ListOption {
  id: string;
  href: string;
}

/** A person's or a company's option: avatar, name, the headline or industry, and a verified job. */
function resultOption(result: SearchResult, texts: HeaderSearchTexts): HTMLElement {
  const li = element('li', 'header-search-option');
  li.dataset['kind'] = result.type;
  const body = element('span', 'header-search-text');
  body.append(element('span', 'header-search-name', resultName(result)));
  const secondary = result.type === 'person' ? result.headline : result.industry;
  if (secondary) body.append(element('span', 'header-search-secondary', secondary));
  if (result.type === 'person' && result.verified_position) {
    const { position, company } = result.verified_position;
    const line = element('span', 'header-search-verified');
    line.append(
      element('span', 'header-search-verified-mark', texts.verified),
      document.createTextNode(position ? `${position} · ${company}` : company),
    );
    body.append(line);
  } else if (result.type === 'company') {
    body.append(element('span', 'header-search-secondary', texts.company));
  }
  li.append(avatarOf(result), body);
  return li;
}

/** An opening's option: the company's initials, the title, and the company with the place. */
function jobOption(job: JobResult): HTMLElement {
  const li = element('li', 'header-search-option');
  li.dataset['kind'] = 'job';
  const body = element('span', 'header-search-text');
  body.append(element('span', 'header-search-name', job.title));
  const place = [job.company.name, job.location].filter(Boolean).join(' · ');
  body.append(element('span', 'header-search-secondary', place));
  const avatar = element('span', 'ui-avatar');
  avatar.dataset['size'] = 'small';
  avatar.dataset['square'] = '';
  avatar.setAttribute('aria-hidden', 'true');
  avatar.dataset['tone'] = String(toneOf(job.company.name));
  avatar.textContent = initialsOf(job.company.name);
  li.append(avatar, body);
  return li;
}

/**
 * Fills the list for `q`: people and companies, the openings' group ('Jobs') with its name, a line
 * when nothing was found or the question failed (`found` null), and 'See all results' last. Answers
 * the options in order and how many suggestions it shows (null when the question failed).
 */
function fillList(ctx: ListContext, q: string, found: Suggestions | null): { options: ListOption[]; shown: number | null } {
  const { list, listId, texts, locale } = ctx;
  const results = found ? found.items : null;
  const jobs = found?.jobs ?? [];
  list.replaceChildren();
  const options: ListOption[] = [];
  const add = (li: HTMLElement, href: string, parent: HTMLElement = list) => {
    const id = `${listId}-${options.length}`;
    li.id = id;
    li.setAttribute('role', 'option');
    li.setAttribute('aria-selected', 'false');
    li.dataset['href'] = href;
    options.push({ id, href });
    parent.append(li);
  };
  for (const result of results ?? []) add(resultOption(result, texts), resultHref(result, locale));
  if (jobs.length) {
    // A list item may not be a group (ARIA in HTML): the item is presentational and holds the group.
    const item = element('li', 'header-search-group-item');
    item.setAttribute('role', 'presentation');
    const group = element('div', 'header-search-group');
    group.setAttribute('role', 'group');
    item.append(group);
    const label = element('span', 'header-search-group-label', texts.jobs);
    label.id = `${listId}-jobs`;
    group.setAttribute('aria-labelledby', label.id);
    const groupList = element('ul', 'header-search-group-list');
    groupList.setAttribute('role', 'presentation');
    group.append(label, groupList);
    list.append(item);
    for (const job of jobs) add(jobOption(job), jobPagePath(job.company.address, job.id, locale), groupList);
  }
  const shown = (results?.length ?? 0) + jobs.length;
  if (results === null || shown === 0) {
    const line = element('li', 'header-search-none', results === null ? texts.failed : texts.none);
    line.setAttribute('role', 'presentation');
    list.append(line);
  }
  add(
    element('li', 'header-search-option header-search-all', texts.seeAll.replace('{q}', q)),
    `${ctx.action}?${new URLSearchParams({ q })}`,
  );
  return { options, shown: results === null ? null : shown };
}

/** Gives the form its (hidden) listbox and polite live region, and the input its combobox role. */
function attachList(form: HTMLFormElement, input: HTMLInputElement, texts: HeaderSearchTexts) {
  const listId = `${input.id || 'header-search'}-list`;
  const list = element('ul', 'header-search-list');
  list.id = listId;
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', texts.listLabel);
  list.hidden = true;
  const live = element('div', 'visually-hidden');
  live.setAttribute('role', 'status');
  form.append(list, live);

  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', listId);
  input.autocomplete = 'off';
  form.dataset['upgraded'] = '';
  return { list, listId, live };
}

export interface HeaderSearch {
  /** Asks for suggestions for the field's text now (after the pause). */
  refresh(): void;
  destroy(): void;
}

/** Upgrades `form` (its first `input[name=q]`) to the combobox; returns a handle for tests. */
export function upgradeHeaderSearch(
  form: HTMLFormElement,
  locale: Locale,
  partial: Partial<HeaderSearchDeps> = {},
  givenTexts?: HeaderSearchTexts,
): HeaderSearch {
  const deps = { ...defaultDeps, ...partial };
  const texts = givenTexts ?? (JSON.parse(form.dataset['texts'] ?? '{}') as HeaderSearchTexts);
  const input = form.querySelector<HTMLInputElement>('input[name="q"]')!;
  const { list, listId, live } = attachList(form, input, texts);

  let options: ListOption[] = [];
  let active = -1;
  let asked = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;

  const isOpen = () => !list.hidden;

  function setActive(index: number): void {
    active = index;
    list.querySelectorAll('[role="option"]').forEach((option, i) => {
      option.setAttribute('aria-selected', String(i === index));
      if (i === index) (option as HTMLElement).scrollIntoView?.({ block: 'nearest' });
    });
    if (index >= 0 && options[index]) input.setAttribute('aria-activedescendant', options[index].id);
    else input.removeAttribute('aria-activedescendant');
  }

  function close(): void {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    setActive(-1);
  }

  function open(): void {
    if (!list.childElementCount) return;
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  }

  function announce(text: string): void {
    live.textContent = text;
  }

  function render(q: string, found: Suggestions | null): void {
    const filled = fillList({ list, listId, texts, locale, action: form.getAttribute('action') ?? '/search' }, q, found);
    options = filled.options;
    setActive(-1);
    open();
    announce(filled.shown === null ? texts.failed : filled.shown ? pluralize(locale, filled.shown, texts.count) : texts.none);
  }

  function ask(): void {
    clearTimeout(timer);
    inFlight?.abort();
    const q = input.value.trim().replace(/\s+/g, ' ');
    if (q.length < searchLimits.suggestMin || q.length > searchLimits.textMax) {
      asked = '';
      list.replaceChildren();
      options = [];
      close();
      announce('');
      return;
    }
    if (q === asked && list.childElementCount) {
      open();
      return;
    }
    timer = setTimeout(() => {
      const controller = new AbortController();
      inFlight = controller;
      deps.fetchSuggestions(q, controller.signal).then(
        (results) => {
          if (controller.signal.aborted) return;
          asked = q;
          if (document.activeElement === input) render(q, { items: results.items.slice(0, searchLimits.suggestions), jobs: results.jobs });
        },
        () => {
          if (controller.signal.aborted) return;
          asked = '';
          if (document.activeElement === input) render(q, null);
        },
      );
    }, deps.pauseMs);
  }

  const onInput = () => ask();
  function clear(): void {
    clearTimeout(timer);
    inFlight?.abort();
    input.value = '';
    asked = '';
    list.replaceChildren();
    options = [];
    announce('');
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const state = { open: isOpen(), active, count: options.length, hasText: input.value !== '', clearsOnEscape: true };
    const action = comboboxKey(event.key, state, event.altKey);
    if (action.handled) event.preventDefault();
    switch (action.kind) {
      case 'open':
        open();
        // A list never asked for yet (or emptied) is asked for; it opens when the answer comes.
        if (isOpen()) setActive(action.active);
        else ask();
        return;
      case 'move':
        setActive(action.active);
        return;
      case 'choose': {
        const chosen = options[action.index]!;
        close();
        deps.navigate(chosen.href);
        return;
      }
      case 'close':
        close();
        return;
      case 'clear':
        clear();
        return;
      case 'none':
        // Enter without an active option submits the form to /search?q=…
        return;
    }
  };
  // mousedown, so the input keeps focus and its blur does not close the list before the choice lands.
  const onMouseDown = (event: MouseEvent) => {
    event.preventDefault();
    const option = (event.target as Element).closest<HTMLElement>('[role="option"]');
    if (option?.dataset['href']) {
      close();
      deps.navigate(option.dataset['href']);
    }
  };
  const onBlur = () => close();
  const onFocus = () => {
    if (asked && asked === input.value.trim().replace(/\s+/g, ' ')) open();
  };

  input.addEventListener('input', onInput);
  input.addEventListener('keydown', onKeyDown);
  input.addEventListener('blur', onBlur);
  input.addEventListener('focus', onFocus);
  list.addEventListener('mousedown', onMouseDown);
  // Loaded on the first focus: words typed while the code arrived are asked for at once.
  if (document.activeElement === input && input.value.trim()) ask();

  return {
    refresh: ask,
    destroy() {
      clearTimeout(timer);
      inFlight?.abort();
      input.removeEventListener('input', onInput);
      input.removeEventListener('keydown', onKeyDown);
      input.removeEventListener('blur', onBlur);
      input.removeEventListener('focus', onFocus);
      list.removeEventListener('mousedown', onMouseDown);
      list.remove();
      live.remove();
    },
  };
}
