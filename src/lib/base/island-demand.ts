// Islands that render nothing until something asks for them (the toaster, the fatal-error screen)
// hydrate on demand (`client:demand="name"`, decision 162): a public page that never shows a toast
// never downloads the framework. Library code calls `demandIsland(name)` before it puts work in the
// island's store; the directive (src/lib/base/demand-directive.ts) hydrates the island then. Both sides
// meet on window, not on a shared module: a directive is inlined into the page apart from the bundles.

/** The event the directive listens for; its detail is the island's name. */
export const islandDemandEvent = 'profiles:island-demand';

const demandedKey = Symbol.for('profiles.demandedIslands');

type DemandWindow = typeof globalThis & { [demandedKey]?: Set<string> };

/** The islands demanded so far on this page (a directive that runs late reads it). */
export function demandedIslands(): Set<string> {
  const scope = globalThis as DemandWindow;
  return (scope[demandedKey] ??= new Set());
}

/** Asks for the island named `name` to hydrate, once; does nothing outside a browser. */
export function demandIsland(name: string): void {
  if (typeof window === 'undefined') return;
  const demanded = demandedIslands();
  if (demanded.has(name)) return;
  demanded.add(name);
  window.dispatchEvent(new CustomEvent(islandDemandEvent, { detail: name }));
}
