// The project's directives (integrations/client-directives.ts) on any framework component:
// `client:interaction` (decision 159) and `client:demand="name"` (decision 162).
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
    'client:demand'?: string;
    'client:param'?: string;
  }
}
