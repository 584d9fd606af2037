// The person's applications (decision 262): the list My applications shows and its actions;
// each action puts what the server answered in the list. The application dialog's reads and its
// document upload go through here too, so islands never call the transport.
import { atom } from 'nanostores';
import type { ApplicationMessage } from '../../../contract/application-messages.ts';
import type { ApplyPreview, ApplyRequest, MyApplication } from '../../../contract/applications.ts';
import type { MediaFile } from '../../../contract/profile-sections.ts';
import * as applicationsApi from '../api/applications-api.ts';
import { startUpload, type UploadHandle } from '../api/upload.ts';
import { change, readAgain, refresh, serverData } from './query.ts';

export { UploadCancelledError, type UploadHandle } from '../api/upload.ts';

const applicationsKey = 'me/applications';
/** The person's applications, newest first: `data` once read. */
export const $applications = serverData<MyApplication[]>(applicationsKey, () => applicationsApi.fetchMyApplications());

/**
 * How many times a message arrived live, per application (decision 271): an open conversation reads
 * itself again when its count moves.
 */
export const $conversationNews = atom<Readonly<Record<number, number>>>({});

/** A message arrived in one of the person's conversations (the company's, or their own in another tab). */
export function receiveConversationNews(applicationId: number): void {
  const news = $conversationNews.get();
  $conversationNews.set({ ...news, [applicationId]: (news[applicationId] ?? 0) + 1 });
}

export const messagesOf = (applicationId: number): Promise<ApplicationMessage[]> => applicationsApi.fetchMessages(applicationId);
export const sendMessage = (applicationId: number, body: string): Promise<ApplicationMessage[]> =>
  applicationsApi.sendMessage(applicationId, body);

export const refreshApplications = () => readAgain($applications);

/** News of an application arrived live (an offer, a rejection, a hire): the list, if shown, is read again. */
export function receiveApplicationNews(): Promise<void> {
  return refresh(applicationsKey);
}

export function loadApplyPreview(openingId: number): Promise<ApplyPreview> {
  return applicationsApi.fetchApplyPreview(openingId);
}

/** Uploads the application's document through the one upload path (type and size checked there). */
export function uploadApplicationDocument(file: File, onProgress: (fraction: number) => void): UploadHandle<MediaFile> {
  return startUpload('media', file, onProgress);
}

export async function apply(input: ApplyRequest): Promise<MyApplication> {
  const application = await applicationsApi.sendApplication(input);
  change<MyApplication[]>(applicationsKey, (list) => [application, ...list.filter((a) => a.id !== application.id)]);
  return application;
}

export async function withdraw(applicationId: number): Promise<void> {
  await applicationsApi.withdrawApplication(applicationId);
  change<MyApplication[]>(applicationsKey, (list) => list.filter((a) => a.id !== applicationId));
}
