// The company's openings on the company host (decision 255): the list the Openings tab shows, a
// company list of the one path (decision 236) under `company/{id}/openings`, and its actions. Read when
// the tab opens; each action puts what the server answered in the cached list.
import type { Opening, SaveOpeningInput } from '../../../contract/jobs.ts';
import * as openingsApi from '../api/openings-api.ts';
import { change, readAgain } from './query.ts';
import { companyId, companyKey, companyList, guarded } from './workspace.ts';

export type OpeningMove = openingsApi.OpeningMove;

/** The company's openings, newest first: `data` once read. */
export const $openings = companyList<readonly Opening[]>('openings', openingsApi.fetchOpenings);

export const refreshOpenings = () => readAgain($openings, companyKey('openings'));

function show(opening: Opening): Opening {
  change<readonly Opening[]>(companyKey('openings'), (list) =>
    list.some((o) => o.id === opening.id) ? list.map((o) => (o.id === opening.id ? opening : o)) : [opening, ...list],
  );
  return opening;
}

/** Creates a draft, or saves an existing opening whole. */
export async function saveOpening(input: SaveOpeningInput, openingId?: number): Promise<Opening> {
  return show(
    await guarded(() =>
      openingId === undefined ? openingsApi.createOpening(companyId(), input) : openingsApi.updateOpening(companyId(), openingId, input),
    ),
  );
}

export async function moveOpening(openingId: number, move: OpeningMove): Promise<Opening> {
  return show(await guarded(() => openingsApi.moveOpening(companyId(), openingId, move)));
}
