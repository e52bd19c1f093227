import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every mail the site sends, with how it went; without SMTP_URL this is where mail stays. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  /** outbox (kept here, no SMTP configured) | sent | failed */
  status: text('status').notNull(),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
