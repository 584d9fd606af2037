// The open pipeline follows the company channel (decision 271): while an opening's pipeline
// is open, 'applications' reads it again with its filter; a read older than the latest, or arriving
// after the pipeline closed, is dropped; once closed, the channel's news reads nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Applicant } from '../../../contract/applications.ts';
import type { ApplicantsPage } from '../../../contract/jobs-pipeline.ts';
import * as pipelineApi from '../api/pipeline-api.ts';
import type { ListReader } from './workspace.ts';

const followed = vi.hoisted(() => ({ reader: undefined as ListReader | undefined }));
vi.mock('../api/pipeline-api.ts');
vi.mock('./workspace.ts', () => ({
  companyId: () => 7,
  guarded: <T>(call: () => Promise<T>) => call(),
  followWorkspaceList: (list: string, reader: ListReader) => {
    if (list === 'applications') followed.reader = reader;
  },
}));
const { $applicants, closeApplicants, loadApplicants } = await import('./workspace-applicants.ts');

const applicant = (id: number) => ({ id }) as Applicant;
/** A page holding `items` only. */
const page = (items: Applicant[]): ApplicantsPage => ({ items, next_cursor: null, total: items.length, stages: [] });
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => {
  closeApplicants();
  vi.clearAllMocks();
});

describe('the open pipeline on the company channel', () => {
  it('reads the open opening again with its filter, and nothing once closed', async () => {
    vi.mocked(pipelineApi.fetchApplicants).mockResolvedValue(page([applicant(1)]));
    expect(followed.reader?.isShown()).toBe(false);
    await loadApplicants(3, { skill: 'Figma' });
    expect(followed.reader?.isShown()).toBe(true);
    vi.mocked(pipelineApi.fetchApplicants).mockResolvedValue(page([applicant(1), applicant(2)]));
    await followed.reader!.read();
    expect(pipelineApi.fetchApplicants).toHaveBeenLastCalledWith(7, 3, { skill: 'Figma' }, { limit: 20 });
    expect($applicants.get()?.list.map((a) => a.id)).toEqual([1, 2]);
    closeApplicants();
    expect(followed.reader?.isShown()).toBe(false);
    await followed.reader!.read();
    expect(pipelineApi.fetchApplicants).toHaveBeenCalledTimes(2);
    expect($applicants.get()).toBeNull();
  });

  it('drops a read older than the latest, and one that lands after the pipeline closed', async () => {
    const older = deferred<ApplicantsPage>();
    const newer = deferred<ApplicantsPage>();
    vi.mocked(pipelineApi.fetchApplicants).mockReturnValueOnce(older.promise).mockReturnValueOnce(newer.promise);
    const first = loadApplicants(3);
    const second = loadApplicants(3);
    newer.resolve(page([applicant(2)]));
    await second;
    older.resolve(page([applicant(1)]));
    await first;
    expect($applicants.get()?.list.map((a) => a.id)).toEqual([2]);

    const late = deferred<ApplicantsPage>();
    vi.mocked(pipelineApi.fetchApplicants).mockReturnValueOnce(late.promise);
    const reading = followed.reader!.read();
    closeApplicants();
    late.resolve(page([applicant(9)]));
    await reading;
    expect($applicants.get()).toBeNull();
  });
});
