// An opening's applicants in the workspace (decision 262): read when its pipeline opens, a page
// at a time (decision 279): the list's next page, or the next of one board column; a stage move puts
// what the server answered in the list; notes are read and written per applicant. The company's stages
// come with every page. The open pipeline and the open Stages dialog are fetcher stores of the one path
// (decisions 236, 295) under `company/{id}/applications/…`, so the company channel's 'applications' (a
// new application, a move, a hire, a note, a withdrawal, a changed stage, by anyone) reads them again
// where they are shown (workspace.ts names the key). The pipeline reads again as many applicants as it
// showed (up to a page's most), and each board column that read on past its first page as many as it
// shows, so every member looking at it sees the same list and no column loses what it read.
import { atom, computed } from 'nanostores';
import { applicantPageSizeMax, type ApplicantsFilter } from '../../../contract/applicant-ranking.ts';
import type { ApplicationMessage } from '../../../contract/application-messages.ts';
import type { Applicant, ApplicationNote, HireApplicantRequest } from '../../../contract/applications.ts';
import { applicantPageSize, type StageColumn } from '../../../contract/jobs-pipeline.ts';
import type { PipelineStage, UpdateStageRequest } from '../../../contract/jobs-stages.ts';
import * as pipelineApi from '../api/pipeline-api.ts';
import { cached, change, put, readAgain, serverData } from './query.ts';
import { companyId, companyKey, companyKeyPart, guarded } from './workspace.ts';

/** The open pipeline as read so far. */
interface ApplicantsView {
  openingId: number;
  filter: ApplicantsFilter;
  /** The applicants read so far, kept and ordered by the filter. */
  list: readonly Applicant[];
  /** The company's stages in its order, with the kept applicants at each. */
  stages: readonly StageColumn[];
  /** Applicants the filter keeps. */
  total: number;
  /** The list's next page, null after the last. */
  next: string | null;
  /** Where each board column read on its own goes on (absent: from its start). */
  columns: Readonly<Record<string, string | null>>;
}

/** The opening whose pipeline is open and its filter, as the key's last part; null while closed. */
const $open = atom<string | null>(null);
/** The opening and filter of each key part read. */
const opened = new Map<string, { openingId: number; filter: ApplicantsFilter }>();
const partOf = (openingId: number, filter: ApplicantsFilter) => `${openingId}?${JSON.stringify(filter)}`;
const keyOf = (part: string) => `${companyKey('applications')}/${part}`;

/** The applicants in `more` not read yet, after `list`. */
const joined = (list: readonly Applicant[], more: readonly Applicant[]) => [
  ...list,
  ...more.filter((a) => !list.some((b) => b.id === a.id)),
];

/**
 * Reads the open pipeline: its list's first applicants and, where it was read before (a live read, or
 * the pipeline opened again), as many as it showed (up to a page's most), and each board column that
 * read on past its first page from its start up to the count it shows (decision 279), so a column that
 * had read more than its first page keeps them and goes on where it stood.
 */
const $pipeline = serverData<ApplicantsView>(['company/', companyKeyPart(), '/applications/', $open], async (...parts) => {
  const key = parts.join('');
  const { openingId, filter } = opened.get(String(parts[3])) ?? { openingId: 0, filter: {} };
  const before = cached<ApplicantsView>(key);
  const limit = Math.min(applicantPageSizeMax, Math.max(applicantPageSize, before?.list.length ?? 0));
  const columns = Object.fromEntries(
    Object.keys(before?.columns ?? {})
      .map((stage) => [stage, before?.list.filter((a) => a.stage === stage).length ?? 0] as const)
      .filter(([, count]) => count > 0),
  );
  const [page, ...readColumns] = await Promise.all([
    guarded(() => pipelineApi.fetchApplicants(companyId(), openingId, filter, { limit })),
    ...Object.entries(columns).map(([stage, count]) => columnFromStart(openingId, filter, stage, count)),
  ]);
  return {
    openingId,
    filter,
    list: readColumns.reduce((list, column) => joined(list, column.items), page.items),
    stages: page.stages,
    total: page.total,
    next: page.next_cursor,
    columns: Object.fromEntries(readColumns.map((column) => [column.stage, column.next])),
  };
});

/** The applicants of the opening whose pipeline is open, or null while they load. */
export const $applicants = computed($pipeline, (pipeline) => pipeline.data ?? null);

/** Opens the pipeline of `openingId` with `filter` (read again; what was read for it before shows meanwhile). */
export async function loadApplicants(openingId: number, filter: ApplicantsFilter = {}): Promise<void> {
  const part = partOf(openingId, filter);
  opened.set(part, { openingId, filter });
  $open.set(part);
  await readAgain($pipeline, keyOf(part));
}

/** The board column `stage` from its start, `count` applicants (pages of the server's most) or all it has. */
async function columnFromStart(openingId: number, filter: ApplicantsFilter, stage: string, count: number) {
  const items: Applicant[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await guarded(() =>
      pipelineApi.fetchApplicants(companyId(), openingId, filter, {
        stage,
        cursor,
        limit: Math.min(applicantPageSizeMax, count - items.length),
      }),
    );
    items.push(...page.items);
    if (page.next_cursor === null || items.length >= count || !page.items.length) return { stage, items, next: page.next_cursor };
    cursor = page.next_cursor;
  }
}

/** Changes the open pipeline's answer as `edit` says (nothing while none is read). */
function editOpen(edit: (view: ApplicantsView) => ApplicantsView): void {
  const part = $open.get();
  if (part) change<ApplicantsView>(keyOf(part), edit);
}

/** Reads the list's next page, or the next of the board column `stage`, onto what is shown. */
export async function loadMoreApplicants(stage?: string): Promise<void> {
  const part = $open.get();
  const current = part ? cached<ApplicantsView>(keyOf(part)) : undefined;
  if (!part || !current) return;
  const { openingId, filter } = current;
  const key = keyOf(part);
  const cursor = stage === undefined ? (current.next ?? undefined) : (current.columns[stage] ?? undefined);
  const page = await guarded(() => pipelineApi.fetchApplicants(companyId(), openingId, filter, { stage, cursor }));
  const goesOn = (view: ApplicantsView) => (stage === undefined ? view.next : view.columns[stage]) ?? undefined;
  // Onto the pages it follows, under the pipeline it was asked for.
  change<ApplicantsView>(key, (now) =>
    goesOn(now) !== cursor
      ? now
      : {
          ...now,
          list: joined(now.list, page.items),
          stages: page.stages,
          ...(stage === undefined
            ? { next: page.next_cursor, total: page.total }
            : { columns: { ...now.columns, [stage]: page.next_cursor } }),
        },
  );
}

/** The pipeline closed: the channel's news no longer reads it. */
export function closeApplicants(): void {
  $open.set(null);
}

/** Whether the stages' dialog is open ('', no more to the key) or not (null). */
const $stagesOpen = atom<'' | null>(null);
const stagesKey = () => `${companyKey('applications')}/stages`;
const $stagesRead = serverData<readonly PipelineStage[]>(['company/', companyKeyPart(), '/applications/stages', $stagesOpen], () =>
  guarded(() => pipelineApi.fetchStages(companyId())),
);

/** The company's stages with the applications at each (decision 279), while the stages' dialog is open. */
export const $stages = computed($stagesRead, (stages) => stages.data ?? null);

export async function loadStages(): Promise<void> {
  $stagesOpen.set('');
  await readAgain($stagesRead, stagesKey());
}

/** The stages' dialog closed: the channel's news no longer reads them. */
export function closeStages(): void {
  $stagesOpen.set(null);
}

async function changeStages(call: () => Promise<PipelineStage[]>): Promise<void> {
  put(stagesKey(), await guarded(call));
}

export const addStage = (name: string) => changeStages(() => pipelineApi.addStage(companyId(), name));
export const updateStage = (key: string, change: UpdateStageRequest) =>
  changeStages(() => pipelineApi.updateStage(companyId(), key, change));
/** Removes a stage; its applications, if any, move to `moveTo` first. */
export const removeStage = (key: string, moveTo?: string) => changeStages(() => pipelineApi.removeStage(companyId(), key, moveTo));

function show(applicant: Applicant) {
  editOpen((view) => ({ ...view, list: view.list.map((a) => (a.id === applicant.id ? applicant : a)) }));
}

/** Moves an applicant to one of the company's stages; the columns' counts follow at once. */
export async function moveApplicant(applicationId: number, stage: string): Promise<Applicant> {
  const part = $open.get();
  const before = part ? cached<ApplicantsView>(keyOf(part))?.list.find((a) => a.id === applicationId)?.stage : undefined;
  const applicant = await guarded(() => pipelineApi.moveApplicant(companyId(), applicationId, stage));
  show(applicant);
  if (before !== undefined && before !== applicant.stage) {
    const count = (column: StageColumn) =>
      column.key === before ? column.count - 1 : column.key === applicant.stage ? column.count + 1 : column.count;
    editOpen((view) => ({ ...view, stages: view.stages.map((column) => ({ ...column, count: Math.max(0, count(column)) })) }));
  }
  return applicant;
}

/** Hires the applicant: their company-verified job starts on the date given (decision 262). */
export async function hireApplicant(applicationId: number, input: HireApplicantRequest): Promise<Applicant> {
  const applicant = await guarded(() => pipelineApi.hireApplicant(companyId(), applicationId, input));
  show(applicant);
  return applicant;
}

/** Sets or takes back the member's own rating; the list shows the new average. */
export async function rateApplicant(applicationId: number, rating: number | null): Promise<Applicant> {
  const applicant = await guarded(() => pipelineApi.rateApplicant(companyId(), applicationId, rating));
  show(applicant);
  return applicant;
}

export function notesOf(applicationId: number): Promise<ApplicationNote[]> {
  return guarded(() => pipelineApi.fetchNotes(companyId(), applicationId));
}

export async function addNote(applicationId: number, body: string): Promise<ApplicationNote[]> {
  const notes = await guarded(() => pipelineApi.addNote(companyId(), applicationId, body));
  editOpen((view) => ({ ...view, list: view.list.map((a) => (a.id === applicationId ? { ...a, notes_count: notes.length } : a)) }));
  return notes;
}

export function downloadApplicationDocument(applicant: Applicant): Promise<void> {
  return pipelineApi.downloadApplicationDocument(companyId(), applicant.id, applicant.document?.name ?? 'document');
}

/** The conversation with an applicant (decision 271): read, and written by owners and admins. */
export function messagesOf(applicationId: number): Promise<ApplicationMessage[]> {
  return guarded(() => pipelineApi.fetchMessages(companyId(), applicationId));
}

export async function sendMessage(applicationId: number, body: string): Promise<ApplicationMessage[]> {
  const messages = await guarded(() => pipelineApi.sendMessage(companyId(), applicationId, body));
  editOpen((view) => ({ ...view, list: view.list.map((a) => (a.id === applicationId ? { ...a, messages_count: messages.length } : a)) }));
  return messages;
}
