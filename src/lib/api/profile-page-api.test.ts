import { describe, expect, it, vi } from 'vitest';
import type { ProfilePage } from '../../../contract/profile-sections.ts';
import {
  decideRecommendation,
  deleteSectionItem,
  fetchProfilePage,
  importResume,
  saveProfileHeader,
  saveSectionItem,
  setEndorsement,
  writeRecommendation,
} from './profile-page-api.ts';
import type { ApiClient, HttpMethod } from './request.ts';

const page = { user_id: 1 } as ProfilePage;

function fakeApi() {
  const calls: { method: HttpMethod; path: string; json?: unknown }[] = [];
  const answer = async (method: HttpMethod, path: string, options: { json?: unknown } = {}) => {
    calls.push({ method, path, json: options.json });
    return { data: page };
  };
  const api = {
    request: vi.fn(),
    get: (path: string, o?: { json?: unknown }) => answer('GET', path, o),
    post: (path: string, o?: { json?: unknown }) => answer('POST', path, o),
    put: (path: string, o?: { json?: unknown }) => answer('PUT', path, o),
    delete: (path: string, o?: { json?: unknown }) => answer('DELETE', path, o),
  } as unknown as ApiClient;
  return { api, calls };
}

describe('the profile page calls', () => {
  it('use the contract paths and methods, and answer the page', async () => {
    const { api, calls } = fakeApi();
    expect(await fetchProfilePage(undefined, api)).toBe(page);
    await fetchProfilePage(42, api);
    await saveProfileHeader({ first_name: 'A', last_name: 'B', open_to_work: false }, api);
    await saveSectionItem('skills', { name: 'X' }, undefined, api);
    await saveSectionItem('skills', { name: 'Y' }, 3, api);
    await deleteSectionItem('languages', 4, api);
    await setEndorsement(5, true, api);
    await setEndorsement(5, false, api);
    await writeRecommendation(42, 'Great', api);
    await decideRecommendation(6, 'accepted', api);
    await importResume({ skills: [{ name: 'Z' }] }, api);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/profile/page',
      'GET /api/profile/page/42',
      'PUT /api/profile',
      'POST /api/profile/skills',
      'PUT /api/profile/skills/3',
      'DELETE /api/profile/languages/4',
      'POST /api/profile/skills/5/endorsement',
      'DELETE /api/profile/skills/5/endorsement',
      'POST /api/profile/page/42/recommendations',
      'PUT /api/profile/recommendations/6',
      'POST /api/profile/import',
    ]);
    expect(calls[8]!.json).toEqual({ text: 'Great' });
    expect(calls[9]!.json).toEqual({ status: 'accepted' });
  });
});
