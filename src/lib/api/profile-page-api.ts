// Calls of the profile page (profile issue): read, header, sections, endorsements, recommendations,
// JSON Resume export and import. Every write answers the fresh page (decision 031).
import { dataEnvelope } from '../../../contract/envelope.ts';
import type { ImportRequest } from '../../../contract/json-resume-import.ts';
import { ProfilePage, type SectionName, type UpdateProfileRequest } from '../../../contract/profile-sections.ts';
import { profileApiPaths } from '../../../contract/routes.ts';
import { downloadFile } from './download-file.ts';
import { api as defaultApi } from './client.ts';
import { takePrefetched } from './prefetch.ts';
import type { ApiClient } from './request.ts';

const PageAnswer = dataEnvelope(ProfilePage);

/** The page of `userId`, or the signed-in person's own page when undefined. */
export async function fetchProfilePage(userId?: number, api: ApiClient = defaultApi): Promise<ProfilePage> {
  const path = userId === undefined ? profileApiPaths.page : profileApiPaths.pageOf(userId);
  const early = takePrefetched(path);
  if (early) {
    const parsed = PageAnswer.safeParse(await early);
    if (parsed.success) return parsed.data.data;
  }
  return (await api.get(path, { schema: PageAnswer })).data;
}

export async function saveProfileHeader(input: UpdateProfileRequest, api: ApiClient = defaultApi): Promise<ProfilePage> {
  return (await api.put(profileApiPaths.update, { json: input, schema: PageAnswer })).data;
}

/** Adds an entry (no `id`) or changes one (with `id`). */
export async function saveSectionItem(
  section: SectionName,
  input: Record<string, unknown>,
  id?: number,
  api: ApiClient = defaultApi,
): Promise<ProfilePage> {
  const answer =
    id === undefined
      ? await api.post(profileApiPaths.section(section), { json: input, schema: PageAnswer })
      : await api.put(profileApiPaths.sectionItem(section, id), { json: input, schema: PageAnswer });
  return answer.data;
}

export async function deleteSectionItem(section: SectionName, id: number, api: ApiClient = defaultApi): Promise<ProfilePage> {
  return (await api.delete(profileApiPaths.sectionItem(section, id), { schema: PageAnswer })).data;
}

/** Endorses a skill (or withdraws the endorsement); answers the endorsed person's page. */
export async function setEndorsement(skillId: number, endorsed: boolean, api: ApiClient = defaultApi): Promise<ProfilePage> {
  const path = profileApiPaths.endorsement(skillId);
  return (endorsed ? await api.post(path, { schema: PageAnswer }) : await api.delete(path, { schema: PageAnswer })).data;
}

export async function writeRecommendation(userId: number, text: string, api: ApiClient = defaultApi): Promise<ProfilePage> {
  return (await api.post(profileApiPaths.recommendationsOf(userId), { json: { text }, schema: PageAnswer })).data;
}

export async function decideRecommendation(id: number, status: 'accepted' | 'declined', api: ApiClient = defaultApi): Promise<ProfilePage> {
  return (await api.put(profileApiPaths.recommendation(id), { json: { status }, schema: PageAnswer })).data;
}

export async function importResume(plan: ImportRequest, api: ApiClient = defaultApi): Promise<ProfilePage> {
  return (await api.post(profileApiPaths.importResume, { json: plan, schema: PageAnswer })).data;
}

/** Downloads the profile as a JSON Resume file; a failure is SPEC §8 'Failed to download file'. */
export async function downloadResume(doc: Document = document, api: ApiClient = defaultApi): Promise<void> {
  await downloadFile(profileApiPaths.exportResume, 'profile.resume.json', doc, api);
}
