// Saves what an API path answers as a file the browser downloads (JSON Resume, the full data export).
// A failure is SPEC §8 'Failed to download file', in the page's language.
import { libText } from '../base/lib-messages.ts';
import { $locale } from '../base/page-locale.ts';
import { ApiError } from '../base/api-error.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

export async function downloadFile(
  path: string,
  fileName: string,
  doc: Document = document,
  api: ApiClient = defaultApi,
  query?: Record<string, string>,
): Promise<void> {
  let blob: Blob;
  try {
    blob = await api.download(path, query ? { query } : {});
  } catch (cause) {
    const message = libText($locale.get(), 'error.downloadFailed');
    throw new ApiError({ status: cause instanceof ApiError ? cause.status : 0, method: 'GET', path, message, cause });
  }
  saveBlob(blob, fileName, doc);
}

/** Hands `blob` to the browser as a file download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
