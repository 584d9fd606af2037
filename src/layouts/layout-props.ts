// What every page layout takes (Default.astro, Empty.astro, Company.astro).
import type { Locale } from '../../contract/locale.ts';

export interface LayoutProps {
  locale: Locale;
  title?: string | undefined;
  description?: string;
  /** The same page's path without any locale prefix, for the language switch. */
  pagePath: string;
}
