// What the "never a 5xx" properties send: JSON bodies of the endpoints' own field names holding values
// shaped like real fields (so a run reaches past the first type check), hostile text and impossible
// dates among them (hardening issue, point 2), a valid body with a few fields replaced (so it reaches
// the services and the database), or anything at all.
import fc from 'fast-check';
import { expect } from 'vitest';
import { expectErrorAnswer } from './error-answer.ts';

/** A field's value: `likely` values of the endpoints' own fields among every other kind. */
export function fieldValue(likely: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.string(),
    // Characters PostgreSQL cannot store, and days the calendar does not have.
    fc.tuple(fc.string(), fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.string()).map((parts) => parts.join('')),
    fc.constantFrom('2021-02-30', '2021-04-31', '2023-02-29', '0000-01-01', '1899-12-31', '2999-01-01', '2024-02-29'),
    fc
      .date({ min: new Date(-62167219200000), max: new Date(253402300799000), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    fc.constantFrom(...likely, '', ' '),
    fc.emailAddress(),
    fc.integer(),
    fc.integer({ min: 1, max: 12 }),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.anything(), { maxLength: 3 }),
    fc.dictionary(fc.string(), fc.anything(), { maxKeys: 3 }),
  );
}

/** A body: the named fields with arbitrary values, `complete` bodies with up to two fields replaced, or anything. */
export function arbitraryBody(
  fieldNames: readonly string[],
  likely: readonly string[],
  complete?: fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<unknown> {
  const value = fieldValue(likely);
  const names = fc.constantFrom(...fieldNames);
  const bodies: fc.Arbitrary<unknown>[] = [fc.dictionary(names, value), fc.anything()];
  if (complete)
    bodies.push(fc.tuple(complete, fc.dictionary(names, value, { maxKeys: 2 })).map(([body, overrides]) => ({ ...body, ...overrides })));
  return fc.oneof(...bodies);
}

/** How many runs a property makes: `PROPERTY_RUNS` lengthens every exploration. */
export const propertyRuns = (fallback: number) => Number(process.env['PROPERTY_RUNS'] ?? fallback);

/** Fails on a 5xx, and on an error answer that is not the contract's `{ message, code, violations? }`. */
export function expectNoServerError(res: { statusCode: number; body: string; json(): unknown }, request: string, payload: unknown): void {
  expect(res.statusCode, `${request} ${JSON.stringify(payload)} -> ${res.body}`).toBeLessThan(500);
  if (res.statusCode >= 400) expectErrorAnswer(res, request);
}
