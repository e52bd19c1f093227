import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Key/value site settings (spec §3 "System settings"), editable by administrators. */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Search words and how often readers of each interface language searched them; getHot serves the top ones of the reader's language. */
export const hotKeywords = pgTable(
  'hot_keywords',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The searching reader's interface language. */
    lang: text('lang', { enum: ['zh', 'en', 'es'] })
      .notNull()
      .default('en'),
    hits: integer('hits').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hot_keywords_name_lang_uq').on(t.name, t.lang)],
);
