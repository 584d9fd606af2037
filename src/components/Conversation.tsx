// One application's conversation (decision 271), for the applicant and for the company alike:
// the messages oldest first, each side named, every text rendered as text; a form to write when the
// reader may (its counter, the server's refusal on the field). Read when shown and again whenever
// `version` changes (a message arrived live). The words come from the island that uses it.
import { useEffect, useState } from 'react';
import { applicationMessageLimits, type ApplicationMessage } from '../../contract/application-messages.ts';
import type { ApplicationMessageSide } from '../../contract/applications.ts';
import type { Locale } from '../../contract/locale.ts';
import { formatDateTime } from '../lib/base/dates.ts';
import { failureText } from '../lib/base/failure-text.ts';
import Alert from './Alert.tsx';
import Button from './Button.tsx';
import Field from './Field.tsx';
import Skeleton from './Skeleton.tsx';
import { TextArea } from './TextInput.tsx';

export interface ConversationWords {
  /** Who the reader is: their own side reads 'You'. */
  own: ApplicationMessageSide;
  you: string;
  /** The other side's name: the company's, or the applicant's. */
  other: string;
  empty: string;
  label: string;
  send: string;
  failed: string;
}

interface Props {
  load: () => Promise<ApplicationMessage[]>;
  send: (body: string) => Promise<ApplicationMessage[]>;
  version: number;
  canWrite: boolean;
  words: ConversationWords;
  locale: Locale;
}

export default function Conversation({ load, send, version, canWrite, words, locale }: Props) {
  const [messages, setMessages] = useState<ApplicationMessage[] | null>(null);
  const [readFailed, setReadFailed] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let current = true;
    load().then(
      (list) => current && (setMessages(list), setReadFailed(false)),
      () => current && setReadFailed(true),
    );
    return () => {
      current = false;
    };
    // `load` is the caller's; a new version is what asks for a new read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      setMessages(await send(draft));
      setDraft('');
    } catch (failure) {
      setError(failureText(failure, locale));
    } finally {
      setBusy(false);
    }
  };
  // The applicant reads 'You' and the company's name; the company reads each colleague's name (or
  // 'You' when the author is gone) and the applicant's.
  const who = (message: ApplicationMessage) => {
    if (message.side !== words.own) return words.other;
    const author = message.author ? `${message.author.first_name} ${message.author.last_name}`.trim() : '';
    return words.own === 'company' && author ? author : words.you;
  };
  return (
    <div className="conversation">
      {readFailed && !messages ? <Alert>{words.failed}</Alert> : null}
      {messages === null && !readFailed ? <Skeleton className="conversation-skeleton" /> : null}
      {messages && !messages.length ? <p className="conversation-empty">{words.empty}</p> : null}
      {messages?.length ? (
        <ol className="conversation-list">
          {messages.map((message) => (
            <li key={message.id} className="conversation-message" data-side={message.side === words.own ? 'own' : 'other'}>
              <p className="conversation-meta">
                <strong>{who(message)}</strong> · {formatDateTime(message.created_at, locale)}
              </p>
              <p className="conversation-text">{message.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      {canWrite ? (
        <form
          className="conversation-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Field label={words.label} error={error ?? undefined}>
            {(control) => (
              <TextArea
                {...control}
                value={draft}
                maxLength={applicationMessageLimits.body}
                rows={3}
                onChange={(e) => setDraft(e.target.value)}
              />
            )}
          </Field>
          <div>
            <Button size="small" type="submit" loading={busy}>
              {words.send}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
