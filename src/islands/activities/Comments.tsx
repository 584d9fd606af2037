// The comments of one entry: oldest first with replies under their comment (one level), a like
// button with its count (one like per person), reply and delete for one's own with SPEC §5's
// confirmation that it cannot be recovered. Reads the thread's comments (commentsOf) and calls its actions only.
import { useStore } from '@nanostores/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { activityLimits, CreateCommentRequest, type Comment } from '../../../contract/activities.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Avatar from '../../components/Avatar.tsx';
import Button from '../../components/Button.tsx';
import Field from '../../components/Field.tsx';
import { TextArea } from '../../components/TextInput.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import type { Translate } from '../../i18n/translator.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { formatDateTime } from '../../lib/base/dates.ts';
import { deletionQuestion } from '../../lib/forms/confirmations.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { addComment, commentsOf, removeComment, toggleLike } from '../../lib/stores/activities.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { dialogErrorText } from '../../lib/forms/form-failure.ts';

// The question before a deletion loads when it is first asked: nothing shows in its place before (decision 175).
const ConfirmDialog = lazy(() => import('../../components/ConfirmDialog.tsx'));

interface Props {
  activityId: number;
  locale: Locale;
  t: Translate;
}

const nameOf = (comment: Comment) => `${comment.author.first_name} ${comment.author.last_name}`.trim();

/** A comment or reply box: the text is checked by the contract's rule before it is sent. */
function CommentForm({
  activityId,
  parentId,
  label,
  submitLabel,
  locale,
  t,
  onDone,
  autoFocus,
}: {
  activityId: number;
  parentId: number | null;
  label: string;
  submitLabel: string;
  locale: Locale;
  t: Translate;
  onDone?: () => void;
  autoFocus?: boolean;
}) {
  const form = useForm<z.input<typeof CreateCommentRequest>, unknown, CreateCommentRequest>({
    resolver: zodResolver(CreateCommentRequest, schemaParseOptions),
    defaultValues: { text: '', parent_id: parentId ?? null },
  });
  const { submit, failure, busy } = useFormSave(
    form,
    locale,
    async (values) => {
      await addComment(activityId, values);
      form.reset();
      notifySuccess(t('comments.posted'));
      onDone?.();
    },
    { onto: 'text' },
  );

  return (
    <form className="comment-form" onSubmit={(event) => void submit(event)} noValidate>
      <Field label={label} error={failureText(form.formState.errors.text?.message, locale) || undefined}>
        {(control) => (
          <TextArea {...control} {...form.register('text')} rows={2} maxLength={activityLimits.commentMax + 1} autoFocus={autoFocus} />
        )}
      </Field>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="comment-form-actions">
        {onDone ? (
          <Button size="small" variant="invisible" onClick={onDone}>
            {t('activities.cancel')}
          </Button>
        ) : null}
        <Button size="small" type="submit" variant="primary" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function CommentItem({
  comment,
  activityId,
  locale,
  t,
  onReply,
  onDelete,
}: {
  comment: Comment;
  activityId: number;
  locale: Locale;
  t: Translate;
  onReply?: () => void;
  onDelete: () => void;
}) {
  const [liking, setLiking] = useState(false);
  const name = nameOf(comment);
  const like = async () => {
    setLiking(true);
    try {
      await toggleLike(activityId, comment);
    } catch (error) {
      reportRequestError(error);
    } finally {
      setLiking(false);
    }
  };
  return (
    <article className="comment" data-comment-id={comment.id}>
      <Avatar name={name} seed={comment.author.user_id} src={comment.author.photo_url} size="small" />
      <div className="comment-body">
        <p className="comment-meta">
          <strong>{name}</strong> <time dateTime={comment.created_at}>{formatDateTime(comment.created_at, locale)}</time>
        </p>
        <p className="comment-text">{comment.text}</p>
        <div className="comment-actions">
          <Button
            size="small"
            variant="invisible"
            aria-pressed={comment.liked_by_me}
            aria-label={t(comment.liked_by_me ? 'comments.unlikeLabel' : 'comments.likeLabel', { name })}
            loading={liking}
            onClick={() => void like()}
          >
            {t('comments.like')} · {comment.like_count}
          </Button>
          {onReply ? (
            <Button size="small" variant="invisible" aria-label={t('comments.replyTo', { name })} onClick={onReply}>
              {t('comments.reply')}
            </Button>
          ) : null}
          {comment.is_own ? (
            <Button size="small" variant="invisible" aria-label={t('comments.deleteLabel')} onClick={onDelete}>
              {t('comments.delete')}
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
}

export default function Comments({ activityId, locale, t }: Props) {
  const { data, error } = useStore(commentsOf(activityId));
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);

  // A failed read (reported where the thread was opened) shows an empty thread one can write in.
  if (!data && !error) return <p className="comments-status">{t('comments.loading')}</p>;
  const items = data ?? [];
  const top = items.filter((c) => c.parent_id === null);
  const repliesOf = (id: number) => items.filter((c) => c.parent_id === id);

  return (
    <div className="comments">
      {top.length === 0 ? <p className="comments-status">{t('comments.empty')}</p> : null}
      <ul className="comments-list">
        {top.map((comment) => (
          <li key={comment.id}>
            <CommentItem
              comment={comment}
              activityId={activityId}
              locale={locale}
              t={t}
              onReply={() => setReplyingTo(comment.id)}
              onDelete={() => setDeleting(comment)}
            />
            {repliesOf(comment.id).length || replyingTo === comment.id ? (
              <ul className="comments-replies">
                {repliesOf(comment.id).map((reply) => (
                  <li key={reply.id}>
                    <CommentItem comment={reply} activityId={activityId} locale={locale} t={t} onDelete={() => setDeleting(reply)} />
                  </li>
                ))}
                {replyingTo === comment.id ? (
                  <li>
                    <CommentForm
                      activityId={activityId}
                      parentId={comment.id}
                      label={t('comments.replyTo', { name: nameOf(comment) })}
                      submitLabel={t('comments.submitReply')}
                      locale={locale}
                      t={t}
                      autoFocus
                      onDone={() => setReplyingTo(null)}
                    />
                  </li>
                ) : null}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      <CommentForm
        activityId={activityId}
        parentId={null}
        label={t('comments.write')}
        submitLabel={t('comments.submit')}
        locale={locale}
        t={t}
      />
      {deleting ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('comments.deleteTitle')}
            message={<p>{deletionQuestion('comment', locale)}</p>}
            confirmLabel={t('comments.delete')}
            cancelLabel={t('activities.cancel')}
            closeLabel={t('activities.close')}
            onConfirm={async () => {
              try {
                await removeComment(activityId, deleting.id);
              } catch (error) {
                throw new Error(dialogErrorText(error, locale) ?? t('activities.loadFailed'), { cause: error });
              }
              notifySuccess(t('comments.deleted'));
            }}
            onClose={() => setDeleting(null)}
            fallbackFocus={() => document.querySelector<HTMLElement>(`[data-activity-id="${activityId}"] .comment-form textarea`)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
