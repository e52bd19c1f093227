import fs from 'node:fs';

interface Mail {
  to: string[];
  raw: string;
}

function mails(to: string): Mail[] {
  return fs
    .readFileSync(process.env.E2E_MAILBOX!, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Mail)
    .filter((m) => m.to.includes(to.toLowerCase()));
}

/** The text body of a raw mail, undoing the transfer encoding nodemailer chose. */
export function textBody(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n');
  const encoding = head.match(/content-transfer-encoding:\s*([\w-]+)/i)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

export const mailCount = (to: string) => mails(to).length;

/** Waits for a new mail to `to` (more than `after` mails) and returns the 6-digit code in it. */
export async function waitForCode(to: string, after = 0, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = mails(to);
    if (list.length > after) {
      const code = textBody(list[list.length - 1].raw).match(/\b(\d{6})\b/);
      if (code) return code[1];
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
