// The company's openings on the company host (decision 255): the list the Openings tab shows
// and its actions. Read when the tab opens; each action puts what the server answered in the list.
import { atom } from 'nanostores';
import type { Opening, SaveOpeningInput } from '../../../contract/jobs.ts';
import * as openingsApi from '../api/openings-api.ts';
import { companyId, guarded } from './workspace.ts';

export type OpeningMove = openingsApi.OpeningMove;

export const $openings = atom<readonly Opening[] | null>(null);

export async function refreshOpenings(): Promise<void> {
  $openings.set(await guarded(() => openingsApi.fetchOpenings(companyId())));
}

function put(opening: Opening): Opening {
  const list = $openings.get() ?? [];
  $openings.set(list.some((o) => o.id === opening.id) ? list.map((o) => (o.id === opening.id ? opening : o)) : [opening, ...list]);
  return opening;
}

/** Creates a draft, or saves an existing opening whole. */
export async function saveOpening(input: SaveOpeningInput, openingId?: number): Promise<Opening> {
  return put(
    await guarded(() =>
      openingId === undefined ? openingsApi.createOpening(companyId(), input) : openingsApi.updateOpening(companyId(), openingId, input),
    ),
  );
}

export async function moveOpening(openingId: number, move: OpeningMove): Promise<Opening> {
  return put(await guarded(() => openingsApi.moveOpening(companyId(), openingId, move)));
}
