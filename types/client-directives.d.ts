// `client:interaction` (integrations/client-interaction.ts, decision 159) on any framework component.
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}
