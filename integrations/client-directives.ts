// The project's own hydration directives:
// - `client:interaction` (decision 159, src/lib/base/interaction-directive.ts): hydrate an island when the
//   person first uses it, not when the page loads;
// - `client:demand="name"` (decision 162, src/lib/base/demand-directive.ts): hydrate an island that shows
//   nothing until library code asks for it (the toaster, the fatal-error screen);
// - `client:param="name"` (decision 202, src/lib/base/param-directive.ts): hydrate an island only when the
//   address carries `?name=`; otherwise show the page's own answer for its absence.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const entry = (file: string) => fileURLToPath(new URL(`../src/lib/${file}`, import.meta.url));

export function clientDirectives(): AstroIntegration {
  return {
    name: 'profiles:client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: entry('base/interaction-directive.ts') });
        addClientDirective({ name: 'demand', entrypoint: entry('base/demand-directive.ts') });
        addClientDirective({ name: 'param', entrypoint: entry('base/param-directive.ts') });
      },
    },
  };
}
