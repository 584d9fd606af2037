// Columns every table of ours spells the same way: the identity key, the two timestamps, and the
// owner references that cascade (a company's or a person's rows go with them). Defining no table,
// this module is not in drizzle.config's schema list; the migrations it yields are unchanged.
import { bigint, timestamp } from 'drizzle-orm/pg-core';

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A bigint identity primary key named `id`. */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
