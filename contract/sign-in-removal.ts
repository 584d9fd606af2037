// One-click removal of a sign-in method from a mail (issue 41; decision 235): the mail a password reset
// by email sends lists the passkeys and two-step sign-in that stayed, each with a link to
// `/remove-sign-in?token=…`; that page asks once and sends the token here. Imports only zod and other
// contract files.
import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';
import { text } from './validation.ts';

export const signInRemovalApiPath = '/api/account/remove-sign-in';
/** The site's page the links open (and its `/uk` twin). */
export const signInRemovalPagePath = '/remove-sign-in';
/** How long a removal link works. */
export const signInRemovalLinkDays = 7;

/** `POST /api/account/remove-sign-in`: the token the link carries. */
export const RemoveSignInRequest = z.object({ token: text().min(1).max(1000) });
export type RemoveSignInRequest = z.infer<typeof RemoveSignInRequest>;

/** What went: a passkey (with its name) or two-step sign-in. Every session of the account ended with it. */
export const RemovedSignIn = z.object({ kind: z.enum(['passkey', 'two_factor']), name: z.string().nullable() });
export type RemovedSignIn = z.infer<typeof RemovedSignIn>;
export const RemovedSignInResponse = dataEnvelope(RemovedSignIn);
