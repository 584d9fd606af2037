// The owner references the workspace and careers tables share: a company or a person, deleted with
// them. Apart from columns.ts because it needs schema.ts's tables, and schema.ts needs columns.ts.
import { bigint } from 'drizzle-orm/pg-core';
import { companies, users } from './schema.ts';

/** `company_id`, required, cascading. */
export const company = () =>
  bigint('company_id', { mode: 'number' })
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** A person's id (`user_id` unless named), required, cascading. */
export const user = (name = 'user_id') =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
