// An opening's applicants in the workspace (decision 262): read when its pipeline opens, a page
// at a time (decision 279): the list's next page, or the next of one board column; a stage move puts
// what the server answered in the list; notes are read and written per applicant. The company's stages
// come with every page. Live: the company channel's 'applications' (a new application, a move, a hire,
// a note, a withdrawal, a changed stage, by anyone) reads the open pipeline again, as many applicants
// as were shown (up to a page's most), and each board column that read on past its first page as many as
// it shows, so every member looking at it sees the same list and no column loses what it read.
import { atom } from 'nanostores';
import { applicantPageSizeMax, type ApplicantsFilter } from '../../../contract/applicant-ranking.ts';
import type { ApplicationMessage } from '../../../contract/application-messages.ts';
import type { Applicant, ApplicationNote, HireApplicantRequest } from '../../../contract/applications.ts';
import { applicantPageSize, type StageColumn } from '../../../contract/jobs-pipeline.ts';
import type { PipelineStage, UpdateStageRequest } from '../../../contract/jobs-stages.ts';
import * as pipelineApi from '../api/pipeline-api.ts';
import { companyId, followWorkspaceList, guarded } from './workspace.ts';

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

/** The applicants of the opening whose pipeline is open, or null while they load. */
export const $applicants = atom<ApplicantsView | null>(null);

/** The opening whose pipeline is open, its filter and the latest read of it: an older or unwanted answer is dropped. */
let wanted: { openingId: number; filter: ApplicantsFilter; read: number } | null = null;
let reads = 0;

/** The applicants in `more` not read yet, after `list`. */
const joined = (list: readonly Applicant[], more: readonly Applicant[]) => [
  ...list,
  ...more.filter((a) => !list.some((b) => b.id === a.id)),
];

/**
 * Reads the open pipeline: its list's first `limit` applicants and, for each board column in `columns`,
 * that column from its start up to the count given (what it showed before a live read, decision 279), so
 * a column that had read more than its first page keeps them and goes on where it stood.
 */
export async function loadApplicants(
  openingId: number,
  filter: ApplicantsFilter = {},
  limit = applicantPageSize,
  columns: Readonly<Record<string, number>> = {},
): Promise<void> {
  if ($applicants.get()?.openingId !== openingId) $applicants.set(null);
  const read = ++reads;
  wanted = { openingId, filter, read };
  const [page, ...readColumns] = await Promise.all([
    guarded(() => pipelineApi.fetchApplicants(companyId(), openingId, filter, { limit })),
    ...Object.entries(columns).map(([stage, count]) => columnFromStart(openingId, filter, stage, count)),
  ]);
  if (wanted?.openingId === openingId && wanted.read === read)
    $applicants.set({
      openingId,
      filter,
      list: readColumns.reduce((list, column) => joined(list, column.items), page.items),
      stages: page.stages,
      total: page.total,
      next: page.next_cursor,
      columns: Object.fromEntries(readColumns.map((column) => [column.stage, column.next])),
    });
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

/** Reads the list's next page, or the next of the board column `stage`, onto what is shown. */
export async function loadMoreApplicants(stage?: string): Promise<void> {
  const current = $applicants.get();
  if (!current || !wanted) return;
  const { openingId, filter } = current;
  const read = wanted.read;
  const cursor = stage === undefined ? (current.next ?? undefined) : (current.columns[stage] ?? undefined);
  const page = await guarded(() => pipelineApi.fetchApplicants(companyId(), openingId, filter, { stage, cursor }));
  const now = $applicants.get();
  if (!now || wanted?.read !== read || now.openingId !== openingId) return;
  $applicants.set({
    ...now,
    list: joined(now.list, page.items),
    stages: page.stages,
    ...(stage === undefined ? { next: page.next_cursor, total: page.total } : { columns: { ...now.columns, [stage]: page.next_cursor } }),
  });
}

/** The pipeline closed: the channel's news no longer reads it. */
export function closeApplicants(): void {
  wanted = null;
  $applicants.set(null);
}

/** The company's stages with the applications at each (decision 279), while the stages' dialog is open. */
export const $stages = atom<readonly PipelineStage[] | null>(null);
let stagesShown = false;
let stageReads = 0;

export async function loadStages(): Promise<void> {
  stagesShown = true;
  const read = ++stageReads;
  const stages = await guarded(() => pipelineApi.fetchStages(companyId()));
  if (stagesShown && read === stageReads) $stages.set(stages);
}

/** The stages' dialog closed: the channel's news no longer reads them. */
export function closeStages(): void {
  stagesShown = false;
  $stages.set(null);
}

async function changeStages(call: () => Promise<PipelineStage[]>): Promise<void> {
  const stages = await guarded(call);
  ++stageReads;
  if (stagesShown) $stages.set(stages);
}

export const addStage = (name: string) => changeStages(() => pipelineApi.addStage(companyId(), name));
export const updateStage = (key: string, change: UpdateStageRequest) =>
  changeStages(() => pipelineApi.updateStage(companyId(), key, change));
/** Removes a stage; its applications, if any, move to `moveTo` first. */
export const removeStage = (key: string, moveTo?: string) => changeStages(() => pipelineApi.removeStage(companyId(), key, moveTo));

// One reader of the list: the open pipeline and the open stages both change with it.
followWorkspaceList('applications', {
  isShown: () => wanted !== null || stagesShown,
  read: async () => {
    const current = $applicants.get();
    const shown = current?.list.length ?? 0;
    // Each board column that read on past its first page reads again as many as it shows.
    const columns =
      current && current.openingId === wanted?.openingId
        ? Object.fromEntries(
            Object.keys(current.columns)
              .map((stage) => [stage, current.list.filter((a) => a.stage === stage).length] as const)
              .filter(([, count]) => count > 0),
          )
        : {};
    await Promise.all([
      wanted
        ? loadApplicants(wanted.openingId, wanted.filter, Math.min(applicantPageSizeMax, Math.max(applicantPageSize, shown)), columns)
        : null,
      stagesShown ? loadStages() : null,
    ]);
  },
});

function put(applicant: Applicant) {
  const current = $applicants.get();
  if (current) $applicants.set({ ...current, list: current.list.map((a) => (a.id === applicant.id ? applicant : a)) });
}

/** Moves an applicant to one of the company's stages; the columns' counts follow at once. */
export async function moveApplicant(applicationId: number, stage: string): Promise<Applicant> {
  const before = $applicants.get()?.list.find((a) => a.id === applicationId)?.stage;
  const applicant = await guarded(() => pipelineApi.moveApplicant(companyId(), applicationId, stage));
  put(applicant);
  const current = $applicants.get();
  if (current && before !== undefined && before !== applicant.stage) {
    const count = (column: StageColumn) =>
      column.key === before ? column.count - 1 : column.key === applicant.stage ? column.count + 1 : column.count;
    $applicants.set({ ...current, stages: current.stages.map((column) => ({ ...column, count: Math.max(0, count(column)) })) });
  }
  return applicant;
}

/** Hires the applicant: their company-verified job starts on the date given (decision 262). */
export async function hireApplicant(applicationId: number, input: HireApplicantRequest): Promise<Applicant> {
  const applicant = await guarded(() => pipelineApi.hireApplicant(companyId(), applicationId, input));
  put(applicant);
  return applicant;
}

/** Sets or takes back the member's own rating; the list shows the new average. */
export async function rateApplicant(applicationId: number, rating: number | null): Promise<Applicant> {
  const applicant = await guarded(() => pipelineApi.rateApplicant(companyId(), applicationId, rating));
  put(applicant);
  return applicant;
}

export function notesOf(applicationId: number): Promise<ApplicationNote[]> {
  return guarded(() => pipelineApi.fetchNotes(companyId(), applicationId));
}

export async function addNote(applicationId: number, body: string): Promise<ApplicationNote[]> {
  const notes = await guarded(() => pipelineApi.addNote(companyId(), applicationId, body));
  const current = $applicants.get();
  if (current)
    $applicants.set({ ...current, list: current.list.map((a) => (a.id === applicationId ? { ...a, notes_count: notes.length } : a)) });
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
  const current = $applicants.get();
  if (current)
    $applicants.set({
      ...current,
      list: current.list.map((a) => (a.id === applicationId ? { ...a, messages_count: messages.length } : a)),
    });
  return messages;
}
