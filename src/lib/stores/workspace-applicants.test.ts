// @vitest-environment happy-dom
// The open pipeline follows the company channel (decisions 271, 295): while an opening's pipeline
// is open, 'applications' reads it again with its filter (the event names its key); a read older than
// the latest, or arriving after the pipeline closed, is dropped; once closed, the channel's news reads
// nothing. Pages (decision 279): the list's next page and a board column's come onto what is shown, each
// applicant once; a move moves a count between columns; a column that read past its first page keeps
// them when the channel reads the pipeline again; the channel reads the open Stages dialog again too.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Applicant } from '../../../contract/applications.ts';
import type { Workspace } from '../../../contract/companies.ts';
import type { ApplicantsPage } from '../../../contract/jobs-pipeline.ts';
import * as pipelineApi from '../api/pipeline-api.ts';
import type * as Pipeline from './workspace-applicants.ts';
import type * as WorkspaceStore from './workspace.ts';

vi.mock('../api/pipeline-api.ts');
vi.mock('../api/company-api.ts');

// Each test starts from a workspace page just opened (the stores and their cache anew), in a company
// whose workspace shows the pipeline and the Stages dialog when open, as the islands do.
let $applicants: typeof Pipeline.$applicants;
let $stages: typeof Pipeline.$stages;
let closeApplicants: typeof Pipeline.closeApplicants;
let closeStages: typeof Pipeline.closeStages;
let loadApplicants: typeof Pipeline.loadApplicants;
let loadMoreApplicants: typeof Pipeline.loadMoreApplicants;
let loadStages: typeof Pipeline.loadStages;
let moveApplicant: typeof Pipeline.moveApplicant;
let applyCompanyChange: typeof WorkspaceStore.applyCompanyChange;
const company = 7;
let hide: () => void = () => undefined;
beforeEach(async () => {
  vi.resetModules();
  ({ $applicants, $stages, closeApplicants, closeStages, loadApplicants, loadMoreApplicants, loadStages, moveApplicant } =
    await import('./workspace-applicants.ts'));
  const workspace = await import('./workspace.ts');
  applyCompanyChange = workspace.applyCompanyChange;
  (await import('./session.ts')).applyToken('pipeline-token');
  workspace.$workspace.set({ company: { id: company }, permissions: [] } as unknown as Workspace);
  workspace.$access.set('granted');
  const stopApplicants = $applicants.listen(() => undefined);
  const stopStages = $stages.listen(() => undefined);
  hide = () => {
    stopApplicants();
    stopStages();
  };
});
/** The company channel's news of its applications. */
const news = () => applyCompanyChange(['applications']);

const applicant = (id: number, stage = 'applied') => ({ id, stage }) as Applicant;
/** A page holding `items` only. */
const page = (items: Applicant[]): ApplicantsPage => ({ items, next_cursor: null, total: items.length, stages: [] });
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => {
  hide();
  vi.resetAllMocks();
});

describe('the open pipeline on the company channel', () => {
  it('reads the open opening again with its filter, and nothing once closed', async () => {
    vi.mocked(pipelineApi.fetchApplicants).mockResolvedValue(page([applicant(1)]));
    await news();
    expect(pipelineApi.fetchApplicants).not.toHaveBeenCalled();
    await loadApplicants(3, { skill: 'Figma' });
    vi.mocked(pipelineApi.fetchApplicants).mockResolvedValue(page([applicant(1), applicant(2)]));
    await news();
    expect(pipelineApi.fetchApplicants).toHaveBeenLastCalledWith(company, 3, { skill: 'Figma' }, { limit: 20 });
    expect($applicants.get()?.list.map((a) => a.id)).toEqual([1, 2]);
    closeApplicants();
    // Closed once the page shows no pipeline (the store takes its key in the next task).
    await vi.waitFor(() => expect($applicants.get()).toBeNull());
    await news();
    expect(pipelineApi.fetchApplicants).toHaveBeenCalledTimes(2);
  });

  it('drops a read for a filter no longer shown, and one that lands after the pipeline closed', async () => {
    vi.mocked(pipelineApi.fetchApplicants).mockResolvedValueOnce(page([applicant(1)]));
    await loadApplicants(3);
    const older = deferred<ApplicantsPage>();
    vi.mocked(pipelineApi.fetchApplicants)
      .mockReturnValueOnce(older.promise)
      .mockResolvedValueOnce(page([applicant(2)]));
    const live = news();
    await vi.waitFor(() => expect(pipelineApi.fetchApplicants).toHaveBeenCalledTimes(2));
    await loadApplicants(3, { skill: 'Figma' });
    older.resolve(page([applicant(9)]));
    await live;
    expect($applicants.get()).toMatchObject({ filter: { skill: 'Figma' } });
    expect($applicants.get()?.list.map((a) => a.id)).toEqual([2]);

    const late = deferred<ApplicantsPage>();
    vi.mocked(pipelineApi.fetchApplicants).mockReturnValueOnce(late.promise);
    const reading = news();
    await vi.waitFor(() => expect(pipelineApi.fetchApplicants).toHaveBeenCalledTimes(4));
    closeApplicants();
    late.resolve(page([applicant(9)]));
    await reading;
    await vi.waitFor(() => expect($applicants.get()).toBeNull());
    await new Promise((settled) => setTimeout(settled, 0));
    expect($applicants.get()).toBeNull();
  });

  it('puts the next page and a column’s next page after what is shown, each applicant once, and moves a count with a move', async () => {
    const stages = [
      { key: 'applied', name: null, fixed: true, count: 3 },
      { key: 'custom_1', name: 'Test task', fixed: false, count: 2 },
    ];
    vi.mocked(pipelineApi.fetchApplicants).mockResolvedValueOnce({
      items: [applicant(1), applicant(2)],
      next_cursor: 'c2',
      total: 5,
      stages,
    });
    await loadApplicants(3);
    vi.mocked(pipelineApi.fetchApplicants).mockResolvedValueOnce({ items: [applicant(3)], next_cursor: null, total: 5, stages });
    await loadMoreApplicants();
    expect(pipelineApi.fetchApplicants).toHaveBeenLastCalledWith(company, 3, {}, { stage: undefined, cursor: 'c2' });
    expect($applicants.get()).toMatchObject({ next: null, total: 5 });
    // A column from its start: what is shown already is not shown twice; its cursor is kept for the next.
    vi.mocked(pipelineApi.fetchApplicants).mockResolvedValueOnce({
      items: [applicant(2, 'custom_1'), applicant(4, 'custom_1')],
      next_cursor: 'k4',
      total: 2,
      stages,
    });
    await loadMoreApplicants('custom_1');
    expect(pipelineApi.fetchApplicants).toHaveBeenLastCalledWith(company, 3, {}, { stage: 'custom_1', cursor: undefined });
    expect($applicants.get()?.list.map((a) => a.id)).toEqual([1, 2, 3, 4]);
    expect($applicants.get()?.columns).toEqual({ custom_1: 'k4' });
    vi.mocked(pipelineApi.moveApplicant).mockResolvedValueOnce(applicant(1, 'custom_1'));
    await moveApplicant(1, 'custom_1');
    expect($applicants.get()?.stages.map((s) => [s.key, s.count])).toEqual([
      ['applied', 2],
      ['custom_1', 3],
    ]);
  });

  it('keeps what a board column read past its first page when the channel’s news reads the pipeline again', async () => {
    const stages = [
      { key: 'applied', name: null, fixed: true, count: 2 },
      { key: 'interview', name: null, fixed: false, count: 4 },
    ];
    const listPage = { items: [applicant(1), applicant(2)], next_cursor: null, total: 6, stages };
    vi.mocked(pipelineApi.fetchApplicants).mockResolvedValueOnce(listPage);
    await loadApplicants(3);
    // The interview column reads two pages of its own.
    vi.mocked(pipelineApi.fetchApplicants)
      .mockResolvedValueOnce({ items: [applicant(3, 'interview'), applicant(4, 'interview')], next_cursor: 'i4', total: 4, stages })
      .mockResolvedValueOnce({ items: [applicant(5, 'interview')], next_cursor: 'i5', total: 4, stages });
    await loadMoreApplicants('interview');
    await loadMoreApplicants('interview');
    expect($applicants.get()?.list.map((a) => a.id)).toEqual([1, 2, 3, 4, 5]);

    // Someone moves applicant 4 on: the column reads from its start as many as it showed, the list its own.
    vi.mocked(pipelineApi.fetchApplicants).mockImplementation(async (_company, _opening, _filter, options) =>
      options?.stage === 'interview'
        ? { items: [applicant(3, 'interview'), applicant(5, 'interview'), applicant(6, 'interview')], next_cursor: 'i6', total: 4, stages }
        : { ...listPage, items: [applicant(1), applicant(2), applicant(4, 'offer')] },
    );
    await news();
    expect(pipelineApi.fetchApplicants).toHaveBeenCalledWith(company, 3, {}, { stage: 'interview', cursor: undefined, limit: 3 });
    expect($applicants.get()?.list.map((a) => [a.id, a.stage])).toEqual([
      [1, 'applied'],
      [2, 'applied'],
      [4, 'offer'],
      [3, 'interview'],
      [5, 'interview'],
      [6, 'interview'],
    ]);
    // The column's Show more goes on after what it shows now.
    expect($applicants.get()?.columns).toEqual({ interview: 'i6' });
  });

  it('reads a column shown past the server’s most a page at a time', async () => {
    const many = Array.from({ length: 60 }, (_, i) => applicant(100 + i, 'interview'));
    vi.mocked(pipelineApi.fetchApplicants).mockResolvedValueOnce({ items: [], next_cursor: null, total: 60, stages: [] });
    await loadApplicants(3);
    vi.mocked(pipelineApi.fetchApplicants).mockResolvedValueOnce({ items: many, next_cursor: 'm60', total: 60, stages: [] });
    await loadMoreApplicants('interview');
    vi.mocked(pipelineApi.fetchApplicants).mockImplementation(async (_company, _opening, _filter, options) =>
      options?.stage !== 'interview'
        ? page([])
        : options.cursor === undefined
          ? { items: many.slice(0, 50), next_cursor: 'm50', total: 60, stages: [] }
          : { items: many.slice(50), next_cursor: null, total: 60, stages: [] },
    );
    await news();
    expect(pipelineApi.fetchApplicants).toHaveBeenCalledWith(company, 3, {}, { stage: 'interview', cursor: undefined, limit: 50 });
    expect(pipelineApi.fetchApplicants).toHaveBeenCalledWith(company, 3, {}, { stage: 'interview', cursor: 'm50', limit: 10 });
    expect($applicants.get()?.list).toHaveLength(60);
    expect($applicants.get()?.columns).toEqual({ interview: null });
  });

  it('reads the open Stages dialog again on the channel’s news, and not once it closed', async () => {
    vi.mocked(pipelineApi.fetchStages).mockResolvedValue([]);
    await loadStages();
    await news();
    expect(pipelineApi.fetchStages).toHaveBeenCalledTimes(2);
    expect(pipelineApi.fetchApplicants).not.toHaveBeenCalled();
    closeStages();
    await vi.waitFor(() => expect($stages.get()).toBeNull());
    await news();
    expect(pipelineApi.fetchStages).toHaveBeenCalledTimes(2);
  });
});
