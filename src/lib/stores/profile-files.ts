// The files a person takes of their own profile: the JSON Resume (the profile page and the settings'
// Close account offer it) and the CV as a PDF, whose code loads on the first click only (decision 203).
import { downloadResume as saveResume } from '../api/profile-page-api.ts';

/** Saves the signed-in person's profile as a JSON Resume file. */
export function downloadResume(): Promise<void> {
  return saveResume();
}

/** Saves the signed-in person's CV, drawn by the server in the page's language, under their name. */
export async function downloadCv(person: { first_name: string; last_name: string }): Promise<void> {
  const cv = await import('../api/cv-download.ts');
  await cv.downloadCv(person);
}
