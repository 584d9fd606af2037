// The undo link of every security mail (decisions 235 and 278): each mail about a change that needs a
// proof (a passkey or an email or phone added, two-step sign-in on or off, new recovery codes, the
// password or the sign-in address changed) carries a link to `/remove-sign-in?token=…` that undoes
// it; the reset's mail gives one to each passkey and two-step sign-in that stayed. The page asks once
// (a new password when the change was the password) and sends the token here. Every session of the
// account ends with an undo. Imports only zod and other contract files.
import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';
import { password, passwordConfirmation, passwordsMatch, text } from './validation.ts';

export const signInRemovalApiPath = '/api/account/remove-sign-in';
/** The site's page the links open (and its `/uk` twin). */
export const signInRemovalPagePath = '/remove-sign-in';
/** How long an undo link works, and how long a replaced sign-in address may still reset the password. */
export const signInRemovalLinkDays = 7;

/**
 * What a link undoes, as its token says (the page reads it to word its question; the server trusts
 * only the signed claim): `p` a passkey added, `t` two-step sign-in turned on, `e` an email or phone
 * added, `r` new recovery codes, `d` two-step sign-in turned off, `a` the sign-in address changed,
 * `w` the password changed (the page asks for a new one), `o` a company's ownership given away (the
 * old owner's mail takes it back), `k` a passkey removed (it comes back).
 */
export const undoKinds = ['p', 't', 'e', 'r', 'd', 'a', 'w', 'o', 'k'] as const;
export type UndoKind = (typeof undoKinds)[number];

/** The kind a token names, read without checking its signature (the page's wording only); undefined if unreadable. */
export function undoKindOf(token: string): UndoKind | undefined {
  const body = token.split('.')[0] ?? '';
  try {
    const json = atob(body.replace(/-/g, '+').replace(/_/g, '/'));
    const kind = (JSON.parse(json) as { k?: unknown }).k;
    return undoKinds.find((known) => known === kind);
  } catch {
    return undefined;
  }
}

/** `POST /api/account/remove-sign-in`: the token the link carries; a new password when it undoes a password change. */
export const RemoveSignInRequest = z
  .object({
    token: text().min(1).max(1000),
    password: password().optional(),
    password_confirmation: passwordConfirmation().optional(),
  })
  .refine(...passwordsMatch('password', 'password_confirmation'));
export type RemoveSignInRequest = z.infer<typeof RemoveSignInRequest>;

/**
 * What was undone: a passkey (with its name) or two-step sign-in removed, an added address removed
 * (`name` is it), the new recovery codes cancelled, two-step sign-in back on, the former sign-in address
 * back (`name` is it), a new password set, a company's ownership back (`name` is the company), or a
 * removed passkey back (`name` is its name). Every session of the account ended with it.
 */
export const RemovedSignIn = z.object({
  kind: z.enum([
    'passkey',
    'two_factor',
    'address',
    'recovery_codes',
    'two_factor_restored',
    'sign_in_address',
    'password',
    'ownership',
    'passkey_restored',
  ]),
  name: z.string().nullable(),
});
export type RemovedSignIn = z.infer<typeof RemovedSignIn>;
export const RemovedSignInResponse = dataEnvelope(RemovedSignIn);
