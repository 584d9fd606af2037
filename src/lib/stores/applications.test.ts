// The applications store (decision 262): news arriving live reads the list again when My
// applications shows it, and costs nothing on any other page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyApplication } from '../../../contract/applications.ts';
import * as api from '../api/applications-api.ts';
import { $applications, receiveApplicationNews, refreshApplications } from './applications.ts';
import { forgetServerData } from './query.ts';

vi.mock('../api/applications-api.ts', () => ({
  fetchMyApplications: vi.fn(),
  fetchApplyPreview: vi.fn(),
  sendApplication: vi.fn(),
  withdrawApplication: vi.fn(),
}));

const offered = { id: 1, stage: 'offer' } as MyApplication;

afterEach(() => {
  vi.resetAllMocks();
  forgetServerData();
});

describe('application news arriving live', () => {
  it('reads the list again when it is shown', async () => {
    vi.mocked(api.fetchMyApplications)
      .mockResolvedValueOnce([{ ...offered, stage: 'applied' }])
      .mockResolvedValueOnce([offered]);
    const stop = $applications.listen(() => undefined);
    await refreshApplications();
    expect($applications.get().data).toEqual([{ ...offered, stage: 'applied' }]);
    await receiveApplicationNews();
    expect($applications.get().data).toEqual([offered]);
    stop();
  });

  it('asks nothing when no page shows the list', async () => {
    await receiveApplicationNews();
    expect(api.fetchMyApplications).not.toHaveBeenCalled();
  });
});
