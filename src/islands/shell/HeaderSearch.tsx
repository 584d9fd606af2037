// The header's search (decision 207): a plain `<form action="/search" role="search">` in the
// prerendered page, so Enter searches before any code runs. The layout hydrates it with
// `client:interaction`, so its code loads on the field's first focus, not with the page; it then
// upgrades the same input in place to the combobox of src/lib/app/header-search.ts.
import { useEffect, useRef } from 'react';
import type { Locale } from '../../../contract/locale.ts';
import { searchLimits } from '../../../contract/search-limits.ts';
import { upgradeHeaderSearch, type HeaderSearchTexts } from '../../lib/app/header-search.ts';
import { useLiveMarker } from '../../components/use-live-marker.ts';

interface Props {
  locale: Locale;
  action: string;
  label: string;
  placeholder: string;
  texts: HeaderSearchTexts;
}

export default function HeaderSearch({ locale, action, label, placeholder, texts }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const live = useLiveMarker();
  useEffect(() => {
    const search = upgradeHeaderSearch(formRef.current!, locale, {}, texts);
    return () => search.destroy();
  }, [locale, texts]);
  return (
    <form ref={formRef} className="shell-search" action={action} method="get" role="search" aria-label={label} {...live}>
      <svg className="ui-icon shell-search-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M10.5 18a7.5 7.5 0 115.3-2.2L21 21"></path>
      </svg>
      <input
        id="shell-search-input"
        className="shell-search-input"
        type="search"
        name="q"
        maxLength={searchLimits.textMax}
        autoComplete="off"
        placeholder={placeholder}
        aria-label={label}
      />
    </form>
  );
}
