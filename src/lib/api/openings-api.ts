// The company's openings on the company host (decision 255): list, create, save, publish,
// close, reopen, typed by the contract.
import { z } from 'zod';
import { dataEnvelope } from '../../../contract/envelope.ts';
import { Opening, openingPaths, type SaveOpeningInput } from '../../../contract/jobs.ts';
import { $locale } from '../base/page-locale.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

// Writes carry the page's locale so violation titles come back in its language.
const localeQuery = () => ({ locale: $locale.get() });

export const fetchOpenings = async (companyId: number, api: ApiClient = defaultApi) =>
  (await api.get(openingPaths.openings(companyId), { schema: dataEnvelope(z.array(Opening)) })).data;

export const createOpening = async (companyId: number, input: SaveOpeningInput, api: ApiClient = defaultApi) =>
  (await api.post(openingPaths.openings(companyId), { json: input, query: localeQuery(), schema: dataEnvelope(Opening) })).data;

export const updateOpening = async (companyId: number, openingId: number, input: SaveOpeningInput, api: ApiClient = defaultApi) =>
  (await api.put(openingPaths.opening(companyId, openingId), { json: input, query: localeQuery(), schema: dataEnvelope(Opening) })).data;

export type OpeningMove = 'publish' | 'close' | 'reopen';

export const moveOpening = async (companyId: number, openingId: number, move: OpeningMove, api: ApiClient = defaultApi) =>
  (await api.post(openingPaths[move](companyId, openingId), { query: localeQuery(), schema: dataEnvelope(Opening) })).data;
