// File uploads with progress and cancel. fetch() reports no upload progress, so this one call uses
// XMLHttpRequest; it follows the transport's rules (base URL, bearer, JSON Accept, ApiError).
import { dataEnvelope } from '../../../contract/envelope.ts';
import { MediaFile, uploadKinds, type UploadKind } from '../../../contract/profile-sections.ts';
import { profileApiPaths } from '../../../contract/routes.ts';
import { libText } from '../lib-messages.ts';
import { $locale } from '../stores/locale.ts';
import { $token } from '../stores/session.ts';
import { ApiError, serverMessageOf, violationsOf } from './api-error.ts';
import { api as defaultApi, apiBaseUrl } from './client.ts';
import type { ApiClient } from './request.ts';

const Answer = dataEnvelope(MediaFile);

export interface UploadHandle {
  /** Resolves with the stored file; rejects with an ApiError (status 0 and `aborted` when cancelled). */
  done: Promise<MediaFile>;
  cancel(): void;
}

export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
  }
}

/** Starts uploading `file` as `kind`; `onProgress` gets 0..1 as bytes leave the browser. */
export function startUpload(
  kind: UploadKind,
  file: File,
  onProgress: (fraction: number) => void,
  createRequest: () => XMLHttpRequest = () => new XMLHttpRequest(),
): UploadHandle {
  const xhr = createRequest();
  const path = profileApiPaths.upload(kind);
  const locale = $locale.get();
  const done = new Promise<MediaFile>((resolve, reject) => {
    // Refuse early what the server would refuse anyway, without sending 100 MB first.
    if (file.size > uploadKinds[kind].maxBytes) {
      const megabytes = Math.round(uploadKinds[kind].maxBytes / 1024 / 1024);
      reject(new ApiError({ status: 413, method: 'POST', path, message: libText(locale, 'upload.tooLarge', { size: megabytes }) }));
      return;
    }
    xhr.open('POST', `${apiBaseUrl()}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = $token.get();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onabort = () => reject(new UploadCancelledError());
    xhr.onerror = () => reject(new ApiError({ status: 0, method: 'POST', path, message: libText(locale, 'error.generic') }));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = Answer.safeParse(body);
        if (parsed.success) {
          onProgress(1);
          resolve(parsed.data.data);
          return;
        }
      }
      const serverMessage = serverMessageOf(body);
      reject(
        new ApiError({
          status: xhr.status,
          method: 'POST',
          path,
          message: serverMessage || libText(locale, 'error.some'),
          serverMessage,
          violations: violationsOf(body),
        }),
      );
    };
    const form = new FormData();
    form.append('file', file, file.name);
    onProgress(0);
    xhr.send(form);
  });
  return { done, cancel: () => xhr.abort() };
}

/** Removes the profile photo or cover. */
export async function removeProfileImage(kind: 'photo' | 'cover', api: ApiClient = defaultApi): Promise<void> {
  await api.delete(profileApiPaths[kind]);
}
