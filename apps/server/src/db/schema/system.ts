import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Key/value site settings (spec §3 "System settings"), editable by administrators. */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Search words and how often they were searched; getHot serves the top ones. */
export const hotKeywords = pgTable(
  'hot_keywords',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    hits: integer('hits').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hot_keywords_name_uq').on(t.name)],
);
