// Where the API tests find PostgreSQL: TEST_DATABASE_URL, else the machine's local server.
// One template per test run (vitest.config.ts names it), so two runs on one machine (a developer's and
// a helper's, or CI beside a bench) never drop each other's template.
export const templateDatabase = process.env['TEST_TEMPLATE_DB'] ?? 'profiles_test_template';

export function testDbKind(): 'pglite' | 'postgres' {
  return process.env['TEST_DB'] === 'postgres' ? 'postgres' : 'pglite';
}

export function adminUrl(): string {
  return process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A database a worker copies from this run's template and keeps between files (database-pool.ts). */
export function keptDatabaseName(suffix: string): string {
  return `${templateDatabase}_${suffix}`;
}
