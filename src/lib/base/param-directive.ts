// `client:param="name"` (decision 202): hydrate an island only when the page's address carries a
// non-empty `?name=`. Without it the island never loads: its place is hidden and the page's
// `[data-without-param="name"]` element (prerendered, hidden) shows instead, so a page whose only
// answer without the parameter is a fixed message (/invitation without a token) runs no framework.
type Hydrate = () => Promise<void>;
type ClientDirective = (load: () => Promise<Hydrate>, options: { name: string; value: string }, island: HTMLElement) => void;

const paramDirective: ClientDirective = (load, options, island) => {
  const name = options.value;
  const without = document.querySelector<HTMLElement>(`[data-without-param="${CSS.escape(name)}"]`);
  if (new URLSearchParams(location.search).get(name)) {
    // The island answers; the page's own answer for a missing parameter never will.
    without?.remove();
    void load().then((hydrate) => hydrate());
    return;
  }
  // Not `hidden`: Astro styles islands `display: contents`, which outranks the attribute.
  island.style.display = 'none';
  without?.removeAttribute('hidden');
};

export default paramDirective;
