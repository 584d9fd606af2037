import { describe, expect, it } from 'vitest';
import { RemoveSignInRequest, undoKindOf } from './sign-in-removal.ts';

const tokenWith = (claim: object) => `${Buffer.from(JSON.stringify(claim)).toString('base64url')}.signature`;

describe('undoKindOf', () => {
  it('reads the kind a token names, for the page’s wording only', () => {
    for (const kind of ['p', 't', 'e', 'r', 'd', 'a', 'w'] as const)
      expect(undoKindOf(tokenWith({ u: 1, k: kind, v: 2, e: 3 }))).toBe(kind);
  });

  it('answers undefined for what is not a token or names no known kind', () => {
    expect(undoKindOf('')).toBeUndefined();
    expect(undoKindOf('not-a-real-token')).toBeUndefined();
    expect(undoKindOf(tokenWith({ k: 'x' }))).toBeUndefined();
    expect(undoKindOf('%%%.sig')).toBeUndefined();
  });
});

describe('RemoveSignInRequest', () => {
  it('takes a token alone, or with a new password that keeps the rules and matches its confirmation', () => {
    expect(RemoveSignInRequest.safeParse({ token: 'x' }).success).toBe(true);
    expect(
      RemoveSignInRequest.safeParse({ token: 'x', password: 'Owner-Passw0rd-2', password_confirmation: 'Owner-Passw0rd-2' }).success,
    ).toBe(true);
    expect(RemoveSignInRequest.safeParse({ token: 'x', password: 'weak', password_confirmation: 'weak' }).success).toBe(false);
    expect(
      RemoveSignInRequest.safeParse({ token: 'x', password: 'Owner-Passw0rd-2', password_confirmation: 'Owner-Passw0rd-3' }).success,
    ).toBe(false);
    expect(RemoveSignInRequest.safeParse({ token: '' }).success).toBe(false);
  });
});
