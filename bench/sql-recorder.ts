// Loaded with `node --import ./bench/sql-recorder.ts server/main.ts` by bench/scale.ts only: appends
// every read the API process sends to PostgreSQL (text and parameters, one JSON line each) to the file
// BENCH_SQL_LOG names, so the bench can EXPLAIN exactly the statements an endpoint runs. Never loaded
// by the product.
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env['BENCH_SQL_LOG'];
if (file) {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function record(this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    // query(text, values), query({ text, values }) or, as drizzle calls it, query({ text }, values).
    const values = Array.isArray(second) ? second : (first as { values?: unknown[] } | undefined)?.values;
    if (text && /^\s*(select|with)\b/i.test(text))
      appendFileSync(file, `${JSON.stringify({ text, values: Array.isArray(values) ? values : [] })}\n`);
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
}
