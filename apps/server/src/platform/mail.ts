import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail.ts';

export interface Mailer {
  /** Sends (or, without SMTP, keeps) one plain-text mail; every mail is recorded in the outbox table. */
  send(to: string, subject: string, text: string): Promise<void>;
}

/**
 * Real SMTP through nodemailer when SMTP_URL is set. Without it, the embedded default keeps the
 * rendered mail in the outbox table and writes it to the log, so a self-hoster can still read codes.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db; log: FastifyBaseLogger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(to, subject, text) {
      let status = opts.smtpUrl ? 'sent' : 'outbox';
      let error: string | null = null;
      try {
        await transport.sendMail({ from: opts.from, to, subject, text });
      } catch (err) {
        status = 'failed';
        error = (err as Error).message;
      }
      await opts.db.insert(mailOutbox).values({ to, subject, text, status, error });
      if (status === 'outbox') opts.log.info({ to, subject, text }, 'mail kept in outbox (no SMTP_URL)');
      if (status === 'failed') {
        opts.log.error({ to, subject, error }, 'mail failed');
        throw new Error(`mail to ${to} failed: ${error}`);
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailerPlugin = fp<{ mailer?: Mailer }>(
  async (app, opts) => {
    const { config } = app;
    app.decorate('mailer', opts.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: app.database.db, log: app.log }));
  },
  { name: 'mailer', fastify: '5.x', dependencies: ['config', 'database'] },
);
