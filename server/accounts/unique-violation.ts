// Recognises PostgreSQL's unique-violation (23505) on the users' email or phone index, through the
// wrapper Drizzle puts around driver errors, so a race between two sign-ups still answers 422.
const constraintFields = { users_email_key: 'email', users_phone_key: 'phone' } as const;

interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** 'email' or 'phone' when `error` is a unique violation of that column, else undefined. */
export function takenFieldOf(error: unknown): 'email' | 'phone' | undefined {
  for (let current = error as PgLikeError | undefined, depth = 0; current && depth < 5; depth += 1) {
    if (current.code === '23505') {
      const name = typeof current.constraint === 'string' ? current.constraint : String(current.message ?? '');
      for (const [constraint, field] of Object.entries(constraintFields)) if (name.includes(constraint)) return field;
    }
    current = current.cause as PgLikeError | undefined;
  }
  return undefined;
}
