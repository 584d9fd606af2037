// The company host's header controls: 'Back to my profile' (the personal site, another host) and
// leaving the workspace (ends this host's company session only).
import { useStore } from '@nanostores/react';
import { ButtonLink } from '../../components/Button.tsx';
import Button from '../../components/Button.tsx';
import Icon from '../../components/Icon.tsx';
import { pageNavigation } from '../../lib/base/page-navigation.ts';
import { $access, leaveWorkspace } from '../../lib/stores/workspace.ts';
import { useHydrated } from '../../components/use-hydrated.ts';
import { useProfileHref } from './use-profile-href.ts';

export default function CompanyBar({
  backLabel,
  leaveLabel,
  localePrefix,
}: {
  backLabel: string;
  leaveLabel: string;
  localePrefix: string;
}) {
  const profileHref = useProfileHref(localePrefix);
  const access = useStore($access);
  const hydrated = useHydrated();
  return (
    <div className="company-bar-actions">
      <ButtonLink href={profileHref} variant="invisible" size="small" leading={<Icon name="user" />}>
        {backLabel}
      </ButtonLink>
      {hydrated && access === 'granted' ? (
        <Button size="small" onClick={() => void leaveWorkspace().finally(() => pageNavigation.assign(profileHref))}>
          {leaveLabel}
        </Button>
      ) : null}
    </div>
  );
}
