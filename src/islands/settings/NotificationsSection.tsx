// Notification type (SPEC §2 'Settings'; decision 152): for each kind of
// notification, in the app only, in the app and by email, or off. The kinds are grouped by what they
// are about; a kind whose feature mails it itself (an invitation) offers no email choice.
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import type { Locale } from '../../../contract/locale.ts';
import type { NotificationDelivery, NotificationKind } from '../../../contract/notifications.ts';
import {
  notificationKindGroupOrder,
  notificationKindGroups,
  UpdateNotificationTypesRequest,
  type NotificationTypeSetting,
} from '../../../contract/settings.ts';
import SectionLoad from './SectionLoad.tsx';
import Card from '../../components/Card.tsx';
import Field from '../../components/Field.tsx';
import { Select } from '../../components/TextInput.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import type { MessageKey } from '../../i18n/index.ts';
import type { Translate } from '../../i18n/translator.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { $notificationTypes, loadNotificationTypes, saveNotificationTypes } from '../../lib/stores/settings.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import SaveActions from './SaveActions.tsx';

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

type Values = z.input<typeof UpdateNotificationTypesRequest>;

function NotificationsForm({ items, locale, t }: Props & { items: readonly NotificationTypeSetting[] }) {
  const form = useForm<Values, unknown, UpdateNotificationTypesRequest>({
    resolver: zodResolver(UpdateNotificationTypesRequest, schemaParseOptions),
    defaultValues: Object.fromEntries(items.map((item) => [item.kind, item.delivery])),
  });
  const { register, reset, formState } = form;
  useUnsavedReport(formState.isDirty);
  const { submit, failure, busy } = useFormSave(form, locale, async (values) => {
    await saveNotificationTypes(values);
    reset(values);
    notifySuccess(t('settings.notifications.saved'));
  });
  const error = (kind: NotificationKind) => failureText(formState.errors[kind]?.message, locale) || undefined;

  return (
    <form className="settings-form settings-form-wide" noValidate onSubmit={(event) => void submit(event)}>
      {notificationKindGroupOrder.map((group) => (
        <section key={group} className="settings-group" aria-labelledby={`notification-group-${group}`}>
          <h3 className="settings-subheading" id={`notification-group-${group}`}>
            {t(groupKeys[group])}
          </h3>
          <div className="settings-grid">
            {items
              .filter((item) => notificationKindGroups[item.kind] === group)
              .map((item) => (
                <Field key={item.kind} label={t(kindKey(item.kind))} error={error(item.kind)}>
                  {(control) => (
                    <Select {...control} {...register(item.kind)}>
                      {(['app', 'email', 'none'] as const satisfies readonly NotificationDelivery[])
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
      <SaveActions failure={failure} busy={busy} label={t('settings.notifications.save')} busyLabel={t('settings.notifications.saving')} />
    </form>
  );
}

export default function NotificationsSection({ locale, t }: Props) {
  const state = useStore($notificationTypes);
  // A section that did not load offers to try again; no toast.
  const load = () => void loadNotificationTypes().catch(() => undefined);
  useEffect(load, []);

  return (
    <div className="settings-section">
      <Card title={t('settings.notificationType')}>
        <p className="settings-text">{t('settings.notifications.intro')}</p>
        <SectionLoad
          state={state}
          lines={2}
          failed={{ message: t('settings.notifications.loadFailed'), retryLabel: t('settings.retry'), onRetry: load }}
        >
          {(items) => <NotificationsForm items={items} locale={locale} t={t} />}
        </SectionLoad>
      </Card>
    </div>
  );
}
