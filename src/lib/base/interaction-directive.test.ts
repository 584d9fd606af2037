// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import interactionDirective, { intentEvents, liveAttribute } from './interaction-directive.ts';

/**
 * An island with a prerendered form, under the directive. `release` lets its code arrive; hydrating
 * marks it live at once unless `liveLater`, where `goLive` does (as React does after its commit).
 */
function island({ liveLater = false } = {}) {
  document.body.innerHTML =
    '<astro-island><form method="post"><input name="login"><button type="submit">Sign in</button></form></astro-island>';
  const element = document.querySelector('astro-island') as HTMLElement;
  const form = element.querySelector('form') as HTMLFormElement;
  const button = element.querySelector('button') as HTMLButtonElement;
  let release!: () => void;
  const codeArrived = new Promise<void>((resolve) => (release = resolve));
  const goLive = () => form.setAttribute(liveAttribute, '');
  const hydrate = vi.fn(async () => {
    if (!liveLater) goLive();
  });
  const load = vi.fn(async () => {
    await codeArrived;
    return hydrate;
  });
  void interactionDirective(load, { name: 'LoginForm', value: '' }, element);
  return { element, form, button, load, hydrate, release, goLive };
}

/** Lets the code arrive, hydrate and the replay's own task run. */
async function settle() {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

function submitFrom(form: HTMLFormElement, submitter: HTMLElement): Event {
  const event = new Event('submit', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'submitter', { value: submitter });
  form.dispatchEvent(event);
  return event;
}

describe('client:interaction', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('loads nothing until the person uses the island', async () => {
    const { load } = island();
    await settle();
    expect(load).not.toHaveBeenCalled();
  });

  it.each(intentEvents)('hydrates once on %s, however many follow', async (type) => {
    const { element, load, hydrate, release } = island();
    const input = element.querySelector('input') as HTMLInputElement;
    input.dispatchEvent(new Event(type, { bubbles: true }));
    input.dispatchEvent(new Event('focusin', { bubbles: true }));
    input.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    release();
    await settle();
    expect(load).toHaveBeenCalledOnce();
    expect(hydrate).toHaveBeenCalledOnce();
  });

  it('holds a submit that comes before the code, and sends it once when the island is live', async () => {
    const { form, button, hydrate, release } = island();
    const requestSubmit = vi.spyOn(form, 'requestSubmit').mockImplementation(() => {});
    const first = submitFrom(form, button);
    const second = submitFrom(form, button);
    // Neither posts the static page natively.
    expect(first.defaultPrevented).toBe(true);
    expect(second.defaultPrevented).toBe(true);
    await settle();
    expect(requestSubmit).not.toHaveBeenCalled();
    release();
    await settle();
    expect(hydrate).toHaveBeenCalledOnce();
    expect(requestSubmit).toHaveBeenCalledOnce();
    expect(requestSubmit).toHaveBeenCalledWith(button);
  });

  it('keeps holding after hydrate() until the island says it is live (React hydrates in a transition)', async () => {
    const { form, button, hydrate, release, goLive } = island({ liveLater: true });
    const requestSubmit = vi.spyOn(form, 'requestSubmit').mockImplementation(() => {});
    submitFrom(form, button);
    release();
    await settle();
    expect(hydrate).toHaveBeenCalledOnce();
    // Hydrated but not yet live: a second press is still held, and nothing is sent yet.
    expect(submitFrom(form, button).defaultPrevented).toBe(true);
    expect(requestSubmit).not.toHaveBeenCalled();
    goLive();
    await settle();
    expect(requestSubmit).toHaveBeenCalledOnce();
    expect(submitFrom(form, button).defaultPrevented).toBe(false);
  });

  it('lets submits through to the live island', async () => {
    const { form, button, release } = island();
    const requestSubmit = vi.spyOn(form, 'requestSubmit').mockImplementation(() => {});
    submitFrom(form, button);
    release();
    await settle();
    const later = submitFrom(form, button);
    expect(later.defaultPrevented).toBe(false);
    expect(requestSubmit).toHaveBeenCalledOnce();
  });

  it('holds nothing once the island came to life by another sign of use', async () => {
    const { element, form, button, release } = island();
    const requestSubmit = vi.spyOn(form, 'requestSubmit').mockImplementation(() => {});
    (element.querySelector('input') as HTMLInputElement).dispatchEvent(new Event('focusin', { bubbles: true }));
    release();
    await settle();
    const submit = submitFrom(form, button);
    expect(submit.defaultPrevented).toBe(false);
    await settle();
    expect(requestSubmit).not.toHaveBeenCalled();
  });

  it('sends the held submit in a task of its own, not inside the submit being dispatched', async () => {
    // A form ignores requestSubmit while its own submit event is being dispatched.
    const { form, button, release } = island();
    const requestSubmit = vi.spyOn(form, 'requestSubmit').mockImplementation(() => {});
    release();
    submitFrom(form, button);
    // Every microtask the hydration queues runs; the replay still waits for a task of its own.
    for (let i = 0; i < 50; i++) await Promise.resolve();
    expect(requestSubmit).not.toHaveBeenCalled();
    await settle();
    expect(requestSubmit).toHaveBeenCalledOnce();
  });
});
