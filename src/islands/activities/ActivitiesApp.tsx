// The activities page (SPEC §2 'Activities', title 'All activities'): the date presets Today, Past
// month, This month, Last month, Past year, This year, Last year and a custom range, the sorts Newest
// First, Oldest First, A-Z and Z-A, kept in the address; pages on request; writing and deleting one's
// own posts; comments under each entry. Under a profile prefix it shows that person's activity.
// Reads $activities and calls its actions only; a signed-out visitor is told to sign in (decision 141).
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import '../../styles/activities.css';
import {
  activityLimits,
  activityPresets,
  activitySorts,
  CreatePostRequest,
  type ActivityEntry,
  type ActivityPreset,
  type ActivitySort,
} from '../../../contract/activities.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert, { LoadFailedAlert } from '../../components/Alert.tsx';
import Avatar from '../../components/Avatar.tsx';
import Button, { ButtonLink } from '../../components/Button.tsx';
import IconButton from '../../components/IconButton.tsx';
import Card from '../../components/Card.tsx';
import { DateField, dateEntryProblem, type DateLabels } from '../../components/DateInputs.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import Field from '../../components/Field.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { Select, TextArea, TextInput } from '../../components/TextInput.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { messagesTranslator, type Messages, type Translate } from '../../i18n/translator.ts';
import { userIdOfProfileSegment } from '../../lib/base/profile-segment.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { activityViewSearch, parseActivityView, type ActivityView } from '../../lib/base/activity-query.ts';
import { formatDateTime, formatDayIn } from '../../lib/base/dates.ts';
import { headingOf } from '../../lib/base/activity-heading.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import {
  $activities,
  $loadingMoreActivities,
  $openThreads,
  closeThread,
  loadActivities,
  loadMoreActivities,
  openThread,
  removeActivity,
  writePost,
} from '../../lib/stores/activities.ts';
import { $isSignedIn } from '../../lib/stores/session.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { buildSitePath, currentPathWithQuery, currentSitePath } from '../../lib/base/site-path.ts';
import { dialogErrorText } from '../../lib/forms/form-failure.ts';
import { useHydrated } from '../../components/use-hydrated.ts';
import Comments from './Comments.tsx';
import Glance from './Glance.tsx';

// The question before a deletion loads when it is first asked: nothing shows in its place before (decision 175).
const ConfirmDialog = lazy(() => import('../../components/ConfirmDialog.tsx'));

interface Props {
  locale: Locale;
  messages: Messages;
}

const presetKeys: Record<ActivityPreset, MessageKey> = {
  today: 'activities.filter.today',
  past_month: 'activities.filter.pastMonth',
  this_month: 'activities.filter.thisMonth',
  last_month: 'activities.filter.lastMonth',
  past_year: 'activities.filter.pastYear',
  this_year: 'activities.filter.thisYear',
  last_year: 'activities.filter.lastYear',
};
const sortKeys: Record<ActivitySort, MessageKey> = {
  newest: 'activities.sort.newest',
  oldest: 'activities.sort.oldest',
  az: 'activities.sort.az',
  za: 'activities.sort.za',
};

/** A [from, to) range as the first and last day it covers, in the zone its boundaries were computed in. */
function rangeText(range: { from: string; to: string }, timeZone: string, locale: Locale, t: Translate): string {
  const last = new Date(new Date(range.to).getTime() - 1);
  return t('activities.range', {
    from: formatDayIn(range.from, timeZone, locale),
    to: formatDayIn(last, timeZone, locale),
    zone: timeZone,
  });
}

/** What is wrong with a custom range before it is applied: a date in part or no such day, or an end before the start. */
export function rangeErrors(from: string, to: string, t: Translate): { from?: string; to?: string } {
  const fromProblem = dateEntryProblem(from);
  const toProblem = dateEntryProblem(to);
  const errors: { from?: string; to?: string } = {};
  if (fromProblem) errors.from = t(`kit.date.${fromProblem}`);
  if (toProblem) errors.to = t(`kit.date.${toProblem}`);
  else if (!fromProblem && from && to && to < from) errors.to = t('activities.filter.toBeforeFrom');
  return errors;
}

function Filters({ view, onView, locale, t }: { view: ActivityView; onView: (view: ActivityView) => void; locale: Locale; t: Translate }) {
  const custom = view.preset === null && (view.from !== null || view.to !== null);
  const [showCustom, setShowCustom] = useState(custom);
  const [from, setFrom] = useState(view.from ?? '');
  const [to, setTo] = useState(view.to ?? '');
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const labels: DateLabels = { day: t('kit.day'), month: t('kit.month'), year: t('kit.year'), chooseMonth: t('kit.chooseMonth') };
  const dateValue = view.preset ?? (showCustom ? 'custom' : 'any');

  return (
    <div className="activities-filters">
      <Field label={t('activities.filter.label')}>
        {(control) => (
          <Select
            {...control}
            value={dateValue}
            onChange={(event) => {
              const value = event.target.value;
              if (value === 'custom') {
                setShowCustom(true);
                return;
              }
              setShowCustom(false);
              onView({ ...view, preset: value === 'any' ? null : (value as ActivityPreset), from: null, to: null });
            }}
          >
            <option value="any">{t('activities.filter.any')}</option>
            {activityPresets.map((preset) => (
              <option key={preset} value={preset}>
                {t(presetKeys[preset])}
              </option>
            ))}
            <option value="custom">{t('activities.filter.custom')}</option>
          </Select>
        )}
      </Field>
      <Field label={t('activities.sort.label')}>
        {(control) => (
          <Select {...control} value={view.sort} onChange={(event) => onView({ ...view, sort: event.target.value as ActivitySort })}>
            {activitySorts.map((sort) => (
              <option key={sort} value={sort}>
                {t(sortKeys[sort])}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {showCustom ? (
        <form
          className="activities-custom"
          onSubmit={(event) => {
            event.preventDefault();
            const wrong = rangeErrors(from, to, t);
            setErrors(wrong);
            if (wrong.from || wrong.to) return;
            onView({ ...view, preset: null, from: from || null, to: to || null });
          }}
        >
          <DateField
            legend={t('activities.filter.from')}
            error={errors.from}
            name="from"
            value={from}
            onChange={setFrom}
            locale={locale}
            labels={labels}
          />
          <DateField
            legend={t('activities.filter.to')}
            error={errors.to}
            name="to"
            value={to}
            onChange={setTo}
            locale={locale}
            labels={labels}
          />
          <Button type="submit">{t('activities.filter.apply')}</Button>
        </form>
      ) : null}
    </div>
  );
}

function PostForm({ locale, t }: { locale: Locale; t: Translate }) {
  const form = useForm<z.input<typeof CreatePostRequest>, unknown, CreatePostRequest>({
    resolver: zodResolver(CreatePostRequest, schemaParseOptions),
    defaultValues: { title: '', text: '' },
  });
  const { register, reset, formState } = form;
  const { submit, failure, busy } = useFormSave(form, locale, async (values) => {
    await writePost(values);
    reset();
    notifySuccess(t('activities.post.posted'));
  });
  const error = (name: 'title' | 'text') => failureText(formState.errors[name]?.message, locale) || undefined;

  return (
    <Card className="activities-post" title={t('activities.post.heading')}>
      <form className="activities-post-form" onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('activities.post.title')} error={error('title')}>
          {(control) => <TextInput {...control} {...register('title')} maxLength={activityLimits.titleMax + 1} />}
        </Field>
        <Field label={t('activities.post.text')} error={error('text')}>
          {(control) => <TextArea {...control} {...register('text')} rows={3} maxLength={activityLimits.textMax + 1} />}
        </Field>
        {failure ? <Alert>{failure}</Alert> : null}
        <Button type="submit" variant="primary" loading={busy} className="activities-post-submit">
          {t('activities.post.submit')}
        </Button>
      </form>
    </Card>
  );
}

function Entry({ entry, locale, t, onDelete }: { entry: ActivityEntry; locale: Locale; t: Translate; onDelete: () => void }) {
  const open = useStore($openThreads)[String(entry.id)] !== undefined;
  const name = `${entry.author.first_name} ${entry.author.last_name}`.trim();
  const heading = headingOf(entry, t);
  const toggle = () => {
    if (open) closeThread(entry.id);
    else void openThread(entry.id).catch(reportRequestError);
  };
  return (
    <li className="activity" data-activity-id={entry.id} data-kind={entry.kind}>
      <article className="activity-card" aria-labelledby={`activity-${entry.id}`}>
        <header className="activity-head">
          <Avatar name={name} seed={entry.author.user_id} src={entry.author.photo_url} size="small" />
          <div className="activity-head-text">
            <p className="activity-meta">
              <a href={buildSitePath({ locale, profileId: String(entry.author.user_id), page: '/' })}>{name}</a>
              {' · '}
              <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, locale)}</time>
              {entry.kind === 'achievement' ? <span className="activity-kind">{t('activities.kind.achievement')}</span> : null}
            </p>
            <h2 className="activity-title" id={`activity-${entry.id}`}>
              {heading}
            </h2>
          </div>
          {entry.is_own ? (
            <IconButton
              icon="trash"
              variant="danger"
              className="activity-delete"
              label={t('activities.deleteLabel', { title: heading })}
              onClick={onDelete}
            />
          ) : null}
        </header>
        {entry.text ? <p className="activity-text">{entry.text}</p> : null}
        {entry.kind === 'achievement' && entry.details.achievement ? (
          <p className="activity-text">{t(`achievements.item.${entry.details.achievement}.description`)}</p>
        ) : null}
        <div className="activity-foot">
          <Button size="small" variant="invisible" aria-expanded={open} onClick={toggle}>
            {open ? t('comments.hide') : t('comments.show', { count: entry.comment_count })}
          </Button>
        </div>
        {open ? <Comments activityId={entry.id} locale={locale} t={t} /> : null}
      </article>
    </li>
  );
}

export default function ActivitiesApp({ locale, messages }: Props) {
  const t = useMemo(() => messagesTranslator(messages), [messages]);
  const signedIn = useStore($isSignedIn);
  const { data: list, error } = useStore($activities);
  const loadingMore = useStore($loadingMoreActivities);
  const items = list?.items ?? [];
  // Failed only while nothing was read for the query: a failed read again keeps the list shown.
  const failed = error !== undefined && !list;
  const hydrated = useHydrated();
  // What the address asks for: read once in the browser (the prerendered HTML has no address).
  const start = useMemo(() => {
    if (!hydrated) return null;
    const { profileId } = currentSitePath();
    return { userId: profileId === undefined ? undefined : userIdOfProfileSegment(profileId), view: parseActivityView(location.search) };
  }, [hydrated]);
  const [chosen, setView] = useState<ActivityView | null>(null);
  const view = chosen ?? start?.view ?? null;
  const userId = start?.userId;
  const [deleting, setDeleting] = useState<ActivityEntry | null>(null);

  useEffect(() => {
    if (!view || !signedIn) return;
    loadActivities({
      ...(userId ? { user: userId } : {}),
      ...(view.preset ? { preset: view.preset } : {}),
      ...(view.from ? { from: view.from } : {}),
      ...(view.to ? { to: view.to } : {}),
      sort: view.sort,
    }).catch(reportRequestError);
  }, [view, userId, signedIn]);

  const changeView = (next: ActivityView) => {
    history.replaceState(history.state, '', `${location.pathname}${activityViewSearch(next)}`);
    setView(next);
  };

  if (hydrated && !signedIn) {
    return (
      <div className="activities">
        <h1>{t('title.activities')}</h1>
        <EmptyState
          icon="user"
          title={t('activities.signIn')}
          action={
            <ButtonLink href={`${buildSitePath({ locale, page: '/login' })}?redirect=${encodeURIComponent(currentPathWithQuery())}`}>
              {t('activities.signInLink')}
            </ButtonLink>
          }
        />
      </div>
    );
  }

  const own = userId === undefined || items.some((i) => i.is_own);
  const someoneElse = userId !== undefined && items[0] && !items[0].is_own ? items[0].author : null;
  const filtered = view !== null && (view.preset !== null || view.from !== null || view.to !== null);

  return (
    <div className="activities" aria-busy={!list && !failed}>
      <div className="activities-head">
        <h1>{t('title.activities')}</h1>
        {someoneElse ? (
          <p className="activities-of">{t('activities.of', { name: `${someoneElse.first_name} ${someoneElse.last_name}`.trim() })}</p>
        ) : null}
        <p className="activities-intro">{t('activities.intro')}</p>
      </div>
      {own && userId === undefined ? <PostForm locale={locale} t={t} /> : null}
      {view ? <Filters view={view} onView={changeView} locale={locale} t={t} /> : null}
      {list?.range && list.timeZone ? (
        <p className="activities-range" role="status">
          {rangeText(list.range, list.timeZone, locale, t)}
        </p>
      ) : null}
      {failed ? (
        <LoadFailedAlert
          message={t('activities.loadFailed')}
          retryLabel={t('activities.retry')}
          onRetry={() => view && setView({ ...view })}
        />
      ) : !list ? (
        <div className="activities-list">
          <Skeleton className="activities-skeleton" />
          <Skeleton className="activities-skeleton" />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon="bell"
          title={filtered ? t('activities.empty') : t('activities.emptyAll')}
          text={!filtered && userId === undefined ? t('activities.emptyOwn') : undefined}
        />
      ) : (
        <div className="activities-layout">
          <div className="activities-main">
            <ul className="activities-list" data-testid="activities-list">
              {items.map((entry) => (
                <Entry key={entry.id} entry={entry} locale={locale} t={t} onDelete={() => setDeleting(entry)} />
              ))}
            </ul>
            {list.nextCursor ? (
              <Button className="activities-more" loading={loadingMore} onClick={() => void loadMoreActivities().catch(reportRequestError)}>
                {t('activities.loadMore')}
              </Button>
            ) : null}
          </div>
          <Glance items={items} own={userId === undefined} locale={locale} t={t} />
        </div>
      )}
      {deleting ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('activities.deleteTitle')}
            message={<p>{t('activities.deleteText')}</p>}
            confirmLabel={t('activities.delete')}
            cancelLabel={t('activities.cancel')}
            closeLabel={t('activities.close')}
            onConfirm={async () => {
              try {
                await removeActivity(deleting.id);
              } catch (error) {
                throw new Error(dialogErrorText(error, locale) ?? t('activities.loadFailed'), { cause: error });
              }
              notifySuccess(t('activities.deleted'));
            }}
            onClose={() => setDeleting(null)}
            fallbackFocus={() => document.querySelector<HTMLElement>('.activities h1')}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
