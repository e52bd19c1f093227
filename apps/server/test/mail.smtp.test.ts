import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import * as account from '@livesports/contracts/account';
import { call, otherApp, uniqueEmail } from './helpers.ts';

// The code mail leaves through nodemailer over real SMTP when SMTP_URL is set.
let smtp: SMTPServer;
let app: FastifyInstance;
const received: Array<{ to: string[]; raw: string }> = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  const port = (smtp.server.address() as { port: number }).port;
  app = await otherApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Club <club@example.com>' });
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

describe('mail over SMTP', () => {
  it('delivers the code mail to the address, in the caller language', async () => {
    const email = uniqueEmail();
    const res = await call(app, account.getCode, { mobile: email, type: 1 }, { lang: 'en' });
    expect(res.code).toBe(200);
    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.raw).toMatch(/From: Club <club@example.com>/);
    expect(mail!.raw).toMatch(/Your verification code is \d{6}\./);
  });

  it('when SMTP fails, the user can ask again at once', async () => {
    const broken = await otherApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    const email = uniqueEmail();
    const first = await call(broken, account.getCode, { mobile: email, type: 1 });
    expect(first).toMatchObject({ status: 502, code: 1, msg: 'The mail could not be sent, please try again later' });
    const again = await call(app, account.getCode, { mobile: email, type: 1 });
    expect(again.code).toBe(200);
    await broken.close();
  });
});
