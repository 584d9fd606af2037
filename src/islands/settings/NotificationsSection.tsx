// Notification type (SPEC §2 'Settings'; issue 15, point e; decision 152): for each kind of
// notification, in the app only, in the app and by email, or off. The kinds are grouped by what they
// are about; a kind whose feature mails it itself (an invitation) offers no email choice.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { hasChanges, useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import type { Locale } from '../../../contract/locale.ts';
import type { NotificationDelivery, NotificationKind } from '../../../contract/notifications.ts';
import { notificationKindGroupOrder, notificationKindGroups, type UpdateNotificationTypesRequest } from '../../../contract/settings.ts';
import { LoadFailedAlert } from '../../components/Alert.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import Field from '../../components/Field.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { Select } from '../../components/TextInput.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import type { Translate } from '../../i18n/translator.ts';
import { reportRequestError } from '../../lib/error-policy.ts';
import { $notificationTypes, loadNotificationTypes, saveNotificationTypes } from '../../lib/stores/settings.ts';
import { applyServerViolations } from '../../lib/forms/server-violations.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';

interface Props {
  locale: Locale;
  t: Translate;
}

const deliveryKeys: Record<NotificationDelivery, MessageKey> = {
  app: 'settings.notifications.delivery.app',
  email: 'settings.notifications.delivery.email',
  none: 'settings.notifications.delivery.none',
};
const groupKeys: Record<(typeof notificationKindGroupOrder)[number], MessageKey> = {
  profile: 'settings.notifications.group.profile',
  companies: 'settings.notifications.group.companies',
  activity: 'settings.notifications.group.activity',
};
const kindKey = (kind: NotificationKind) => `settings.notifications.kind.${kind}` as const;

export default function NotificationsSection({ t }: Props) {
  const state = useStore($notificationTypes);
  const [chosen, setChosen] = useState<Partial<Record<NotificationKind, NotificationDelivery>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useUnsavedReport(
    state.status === 'ready' && hasChanges(Object.fromEntries(state.data.map((item) => [item.kind, item.delivery])), chosen),
  );
  // A section that did not load offers to try again; no toast.
  const load = () =>
    void loadNotificationTypes().then(
      (items) => setChosen(Object.fromEntries(items.map((item) => [item.kind, item.delivery]))),
      () => undefined,
    );
  useEffect(load, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      await saveNotificationTypes(chosen as UpdateNotificationTypesRequest);
      notifySuccess(t('settings.notifications.saved'));
    } catch (error) {
      const found: Record<string, string> = {};
      if (applyServerViolations(error, (field, message) => (found[field] = message))) setErrors(found);
      else reportRequestError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="settings-section">
      <Card title={t('settings.notificationType')}>
        <p className="settings-text">{t('settings.notifications.intro')}</p>
        {state.status === 'failed' ? (
          <LoadFailedAlert message={t('settings.notifications.loadFailed')} retryLabel={t('settings.retry')} onRetry={load} />
        ) : state.status === 'loading' || state.status === 'idle' ? (
          <div aria-busy="true">
            <Skeleton className="settings-skeleton" />
            <Skeleton className="settings-skeleton" />
          </div>
        ) : (
          <form className="settings-form settings-form-wide" noValidate onSubmit={(event) => void submit(event)}>
            {notificationKindGroupOrder.map((group) => (
              <section key={group} className="settings-group" aria-labelledby={`notification-group-${group}`}>
                <h3 className="settings-subheading" id={`notification-group-${group}`}>
                  {t(groupKeys[group])}
                </h3>
                <div className="settings-grid">
                  {state.data
                    .filter((item) => notificationKindGroups[item.kind] === group)
                    .map((item) => (
                      <Field key={item.kind} label={t(kindKey(item.kind))} error={errors[item.kind]}>
                        {(control) => (
                          <Select
                            {...control}
                            name={item.kind}
                            value={chosen[item.kind] ?? item.delivery}
                            onChange={(event) => setChosen({ ...chosen, [item.kind]: event.target.value as NotificationDelivery })}
                          >
                            {(['app', 'email', 'none'] as const)
                              .filter((delivery) => delivery !== 'email' || item.email_allowed)
                              .map((delivery) => (
                                <option key={delivery} value={delivery}>
                                  {t(deliveryKeys[delivery])}
                                </option>
                              ))}
                          </Select>
                        )}
                      </Field>
                    ))}
                </div>
              </section>
            ))}
            <p className="settings-text">{t('settings.notifications.invitationNote')}</p>
            <div className="settings-actions">
              <Button type="submit" variant="primary" loading={saving}>
                {saving ? t('settings.notifications.saving') : t('settings.notifications.save')}
              </Button>
            </div>
          </form>
        )}
      </Card>
    </div>
  );
}
