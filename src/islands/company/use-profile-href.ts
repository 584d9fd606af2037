// 'Back to my profile' on the company host: the personal site's origin is only known in the browser.
import { useEffect, useState } from 'react';
import { personalOriginOf } from '../../../contract/company-hosts.ts';

export function useProfileHref(localePrefix: string): string {
  const [href, setHref] = useState(`${localePrefix}/`);
  useEffect(() => setHref(`${personalOriginOf(location.origin)}${localePrefix}/`), [localePrefix]);
  return href;
}
