// Checks an error answer against the contract: the ErrorResponse shape, and a code whose row in
// contract/errors.ts carries the status the answer came with.
import { expect } from 'vitest';
import { ErrorResponse } from '../../contract/envelope.ts';
import { statusOfCode } from '../../contract/errors.ts';

/** Fails unless `res` (4xx/5xx) is `{ message, code, violations? }` with the code of its status. */
export function expectErrorAnswer(res: { statusCode: number; body: string; json(): unknown }, context = ''): ErrorResponse {
  const parsed = ErrorResponse.safeParse(res.json());
  expect(parsed.success, `${context} -> ${res.body}`).toBe(true);
  const body = parsed.data!;
  expect(statusOfCode(body.code), `${context}: code ${body.code} -> ${res.statusCode}`).toBe(res.statusCode);
  return body;
}
