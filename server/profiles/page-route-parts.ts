// What the profile page's route plugins share: the page as every change answers it, the error answers,
// the path parameters, and the reads and checks around a change (page-routes.ts and the plugins it
// registers below its sign-in guard).
import { z } from 'zod';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { parseProfileIdentifier } from '../../contract/identifiers.ts';
import { ProfilePage } from '../../contract/profile-sections.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError } from '../domain-errors.ts';
import { checkAchievements } from '../shared/achievements/check.ts';
import { getProfilePage } from './page-service.ts';

export const errors = { 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
export const pageAnswer = { 200: dataEnvelope(ProfilePage), 201: dataEnvelope(ProfilePage), ...errors };
export const IdParams = z.object({ id: z.string().max(20) });
export const IdentifierParams = z.object({ identifier: z.string().max(64) });

/** An id from a path; anything else is simply not found. */
export function idFrom(raw: string): number {
  const id = parseProfileIdentifier(raw);
  if (id === undefined) throw new NotFoundError();
  return id;
}

/** The signed-in person's own page, as a change answers it. */
export const ownPageOf =
  ({ db, clock }: AppDeps) =>
  (userId: number) =>
    getProfilePage(db, clock, userId, userId);

/**
 * A change to the profile may earn an achievement (a complete profile, five skills): recorded at once
 * so the person sees it live; derived from the stored data, so a failure here loses nothing that the
 * next check or the achievements page will not record (decision 140).
 */
export const achievementsRecorder =
  ({ db, clock }: AppDeps) =>
  (userId: number) =>
    db.transaction((tx) => checkAchievements(tx, userId, clock.now()));
