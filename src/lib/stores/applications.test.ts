// The applications store (decision 262): news arriving live reads the list again when My
// applications shows it, and costs nothing on any other page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyApplication } from '../../../contract/applications.ts';
import * as api from '../api/applications-api.ts';
import { $applications, receiveApplicationNews } from './applications.ts';

vi.mock('../api/applications-api.ts', () => ({
  fetchMyApplications: vi.fn(),
  fetchApplyPreview: vi.fn(),
  sendApplication: vi.fn(),
  withdrawApplication: vi.fn(),
}));

const offered = { id: 1, stage: 'offer' } as MyApplication;

afterEach(() => {
  vi.resetAllMocks();
  $applications.set(null);
});

describe('application news arriving live', () => {
  it('reads the list again when it is shown', async () => {
    vi.mocked(api.fetchMyApplications).mockResolvedValue([offered]);
    $applications.set([{ ...offered, stage: 'applied' }]);
    await receiveApplicationNews();
    expect($applications.get()).toEqual([offered]);
  });

  it('asks nothing when no page shows the list', async () => {
    await receiveApplicationNews();
    expect(api.fetchMyApplications).not.toHaveBeenCalled();
    expect($applications.get()).toBeNull();
  });
});
