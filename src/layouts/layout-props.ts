// What every page layout takes (Default.astro, Empty.astro, Company.astro).
import type { Locale } from '../../contract/locale.ts';

export interface LayoutProps {
  locale: Locale;
  title?: string | undefined;
  /** The page's meta description; by default the one of `pagePath` (pageDescriptionFor). */
  description?: string;
  /** The same page's path without any locale prefix, for the language switch. */
  pagePath: string;
}
