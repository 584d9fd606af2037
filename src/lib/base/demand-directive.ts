// `client:demand="name"` (decision 162): hydrate an island when library code first asks for it
// (src/lib/base/island-demand.ts), not with the page. Its prerendered HTML (an empty toast region, a
// hidden error screen) is all a page needs until then.
import { demandedIslands, islandDemandEvent } from './island-demand.ts';

// Astro's ClientDirective, written out: src/lib stays framework-free.
type Hydrate = () => Promise<void>;
type ClientDirective = (load: () => Promise<Hydrate>, options: { name: string; value: string }, island: HTMLElement) => void;

const demandDirective: ClientDirective = (load, options) => {
  const name = options.value;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    window.removeEventListener(islandDemandEvent, onDemand);
    void load().then((hydrate) => hydrate());
  };
  const onDemand = (event: Event) => {
    if ((event as CustomEvent<unknown>).detail === name) start();
  };
  // Asked for before this island's script ran (a toast from the bootstrap, say).
  if (demandedIslands().has(name)) start();
  else window.addEventListener(islandDemandEvent, onDemand);
};

export default demandDirective;
