// The demo's faces and covers (decision 178): drawn pictures committed in ./images (see its NOTICE.md
// for their source and licence), stored through the upload pipeline exactly as a person's own
// uploads are (checked by content, counted in the quota, served by /api/files), so the demo shows
// people rather than initials.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, profiles } from '../db/schema.ts';
import { setBrandImage } from '../companies/brand.ts';
import type { Clock } from '../clock.ts';
import { storeUpload } from '../shared/uploads/service.ts';
import type { FileStore } from '../shared/uploads/store.ts';

const imagesDir = path.join(import.meta.dirname, 'images');

/** A demo person's pictures: `<name>-photo.png` and `<name>-cover.jpg` in ./images. */
export type DemoPictureName = 'olena' | 'andrii' | 'maksym';

const open = (file: string) => createReadStream(path.join(imagesDir, file));

/**
 * Gives the person the photo and cover named `name` unless they have either already (a second start,
 * or a person who chose their own, changes nothing). Returns whether it stored them.
 */
export async function seedPersonPictures(db: Db, store: FileStore, userId: number, name: DemoPictureName): Promise<boolean> {
  const [profile] = await db
    .select({ photo: profiles.photoPath, cover: profiles.coverPath })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (!profile || profile.photo || profile.cover) return false;
  await storeUpload(db, { store, userId, kind: 'photo', stream: open(`${name}-photo.png`), originalName: `${name}.png` });
  await storeUpload(db, { store, userId, kind: 'cover', stream: open(`${name}-cover.jpg`), originalName: `${name}-cover.jpg` });
  return true;
}

/** Gives the company Northwind's logo and cover, uploaded by `uploaderId`, unless it has either already. */
export async function seedCompanyPictures(db: Db, clock: Clock, store: FileStore, companyId: number, uploaderId: number): Promise<boolean> {
  const [company] = await db
    .select({ logo: companies.logoPath, cover: companies.coverPath })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!company || company.logo || company.cover) return false;
  for (const [image, kind, file] of [
    ['logo', 'photo', 'northwind-logo.png'],
    ['cover', 'cover', 'northwind-cover.jpg'],
  ] as const) {
    const row = await storeUpload(db, { store, userId: uploaderId, kind, stream: open(file), originalName: file, attachToProfile: false });
    await setBrandImage(db, clock, store, companyId, image, row.storageName);
  }
  return true;
}
