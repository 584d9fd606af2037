// Registers `client:interaction` (decision 159, src/lib/interaction-directive.ts): hydrate an island
// when the person first uses it, not when the page loads.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function clientInteraction(): AstroIntegration {
  return {
    name: 'profiles:client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('../src/lib/interaction-directive.ts', import.meta.url)) });
      },
    },
  };
}
