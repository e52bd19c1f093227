import fs from 'node:fs';

/** Waits for the newest mail to `to` in the SMTP mailbox and returns the 6-digit code in it. */
export async function waitForCode(to: string, after = 0, timeoutMs = 10_000): Promise<string> {
  const file = process.env.E2E_MAILBOX!;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { to: string[]; raw: string })
      .filter((m) => m.to.includes(to.toLowerCase()));
    if (mails.length > after) {
      const body = mails[mails.length - 1].raw.split(/\r?\n\r?\n/).slice(1).join('\n');
      const code = body.match(/\b(\d{6})\b/);
      if (code) return code[1];
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function mailCount(to: string): number {
  return fs
    .readFileSync(process.env.E2E_MAILBOX!, 'utf8')
    .split('\n')
    .filter((l) => l && (JSON.parse(l) as { to: string[] }).to.includes(to.toLowerCase())).length;
}
