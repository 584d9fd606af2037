// @vitest-environment happy-dom
// The company's openings, a company list of the one path (decision 236): read when the tab opens, and
// an opening saved or moved changes the cached list at once; a read under way when a save answers
// reads again, so it never puts the list back as it was.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Workspace } from '../../../contract/companies.ts';
import type { Opening } from '../../../contract/jobs.ts';
import * as openingsApi from '../api/openings-api.ts';
import { applyToken } from './session.ts';
import { $access, $workspace } from './workspace.ts';
import { $openings, moveOpening, refreshOpenings, saveOpening } from './workspace-openings.ts';

vi.mock('../api/openings-api.ts');

const opening = (id: number, status: Opening['status'] = 'draft') => ({ id, status, title: `Opening ${id}` }) as Opening;
const shown = () => $openings.get().data?.map((o) => [o.id, o.status]);
let company = 100;

/** A fresh company (its own keys) whose Openings tab the page shows; answers the way to hide it. */
function showOpenings(): () => void {
  company += 1;
  applyToken(`openings-token-${company}`);
  $workspace.set({ company: { id: company }, permissions: [] } as unknown as Workspace);
  $access.set('granted');
  return $openings.listen(() => undefined);
}

afterEach(() => {
  vi.resetAllMocks();
  $access.set('checking');
  $workspace.set(null);
});

describe("the company's openings", () => {
  it('reads the list for the company, then shows a new draft on top and a moved opening in place', async () => {
    vi.mocked(openingsApi.fetchOpenings).mockResolvedValue([opening(1)]);
    const hide = showOpenings();
    await refreshOpenings();
    expect(openingsApi.fetchOpenings).toHaveBeenCalledWith(company);
    vi.mocked(openingsApi.createOpening).mockResolvedValue(opening(2));
    await saveOpening({ title: 'Opening 2' } as never);
    vi.mocked(openingsApi.moveOpening).mockResolvedValue(opening(1, 'published'));
    await moveOpening(1, 'publish');
    expect(shown()).toEqual([
      [2, 'draft'],
      [1, 'published'],
    ]);
    expect(openingsApi.fetchOpenings).toHaveBeenCalledTimes(1);
    hide();
  });

  it('reads again a list whose read was under way when a move answered, so the move stays', async () => {
    let answerRead: (list: Opening[]) => void = () => undefined;
    vi.mocked(openingsApi.fetchOpenings)
      .mockResolvedValueOnce([opening(1)])
      .mockImplementationOnce(() => new Promise((resolve) => (answerRead = resolve)))
      .mockResolvedValueOnce([opening(1, 'published')]);
    const hide = showOpenings();
    await refreshOpenings();
    const reading = refreshOpenings();
    await vi.waitFor(() => expect(openingsApi.fetchOpenings).toHaveBeenCalledTimes(2));
    vi.mocked(openingsApi.moveOpening).mockResolvedValue(opening(1, 'published'));
    await moveOpening(1, 'publish');
    answerRead([opening(1)]);
    await reading;
    expect(shown()).toEqual([[1, 'published']]);
    hide();
  });
});
