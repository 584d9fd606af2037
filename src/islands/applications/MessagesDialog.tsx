// One application's conversation with the company, for the applicant (decision 271): a
// dialog over My applications; the company's messages arrive live (a message on the person's channel
// moves the application's news count and the conversation reads itself again).
import { useStore } from '@nanostores/react';
import type { MyApplication } from '../../../contract/applications.ts';
import type { Locale } from '../../../contract/locale.ts';
import Conversation from '../../components/Conversation.tsx';
import Dialog from '../../components/Dialog.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { $conversationNews, messagesOf, sendMessage } from '../../lib/stores/applications.ts';

interface Props {
  application: MyApplication;
  locale: Locale;
  t: Translate;
  onClose: () => void;
}

export default function MessagesDialog({ application, locale, t, onClose }: Props) {
  const news = useStore($conversationNews)[application.id] ?? 0;
  const company = application.opening.company.name;
  return (
    <Dialog
      title={t('applications.messagesTitle', { title: application.opening.title })}
      closeLabel={t('applications.close')}
      onClose={onClose}
      fallbackFocus={() => document.getElementById('applications-title')}
    >
      <p className="apply-muted">{t('applications.messagesHint')}</p>
      <Conversation
        load={() => messagesOf(application.id)}
        send={(body) => sendMessage(application.id, body)}
        version={news}
        canWrite
        locale={locale}
        words={{
          own: 'applicant',
          you: t('applications.message.you'),
          other: company,
          empty: t('applications.message.empty'),
          label: t('applications.message.label', { company }),
          send: t('applications.message.send'),
          failed: t('applications.message.failed'),
        }}
      />
    </Dialog>
  );
}
