// File uploads with progress and cancel, through the one transport (request.ts): the same base URL,
// bearer, locale and error rules as every other call.
import { dataEnvelope } from '../../../contract/envelope.ts';
import { MediaFile, type ProfileImageKind, type UploadKind } from '../../../contract/profile-sections.ts';
import { uploadKinds } from '../../../contract/upload-kinds.ts';
import { profileApiPaths } from '../../../contract/routes.ts';
import { $locale } from '../base/page-locale.ts';
import { ApiError } from '../base/api-error.ts';
import { api as defaultApi } from './client.ts';
import { answerText } from './answer-text.ts';
import type { ApiClient, UploadHandle } from './request.ts';

export { UploadCancelledError } from './request.ts';
export type { UploadHandle } from './request.ts';

const Answer = dataEnvelope(MediaFile);

/** Starts uploading `file` as `kind`; `onProgress` gets 0..1 as bytes leave the browser. */
export function startUpload(
  kind: UploadKind,
  file: File,
  onProgress: (fraction: number) => void,
  api: ApiClient = defaultApi,
): UploadHandle<MediaFile> {
  const path = profileApiPaths.upload(kind);
  const { maxBytes } = uploadKinds[kind];
  // Refuse early what the server would refuse anyway, without sending 100 MB first.
  if (file.size > maxBytes) {
    const details = { max_megabytes: Math.round(maxBytes / 1024 / 1024) };
    const message = answerText('file_too_large', details, '', $locale.get());
    const error = new ApiError({ status: 413, method: 'POST', path, message, code: 'file_too_large', details });
    return { done: Promise.reject(error), cancel: () => undefined };
  }
  const form = new FormData();
  form.append('file', file, file.name);
  const handle = api.upload(path, form, { schema: Answer, onProgress });
  return { done: handle.done.then((answer) => answer.data), cancel: handle.cancel };
}

/** Removes the profile photo or cover. */
export async function removeProfileImage(kind: ProfileImageKind, api: ApiClient = defaultApi): Promise<void> {
  await api.delete(profileApiPaths[kind]);
}
