// 'Download CV (PDF)' (decision 203): the server draws the PDF in the page's language; this saves it
// under the person's name. The profile page loads this module on the first click only.
import { cvFileName, cvPaths } from '../../../contract/cv.ts';
import { $locale } from '../base/page-locale.ts';
import { api as defaultApi } from './client.ts';
import { downloadFile } from './download-file.ts';
import type { ApiClient } from './request.ts';

/** Downloads the signed-in person's CV; a failure is SPEC §8 'Failed to download file'. */
export async function downloadCv(
  person: { first_name: string; last_name: string },
  doc: Document = document,
  api: ApiClient = defaultApi,
): Promise<void> {
  await downloadFile(cvPaths.cv, cvFileName(person.first_name, person.last_name), doc, api, { language: $locale.get() });
}
