// Every message the server can put in an envelope's `msg`, in the three interface languages.
// Zod schemas in this package use these keys as their error messages, so the server localizes
// a validation failure and the web form shows the very same text before sending.
// English strings that the spec quotes (§5, §8) are kept to the letter.
import { LANGS, type Lang } from './messages/catalogue.ts';
import { commonMessages } from './messages/common.ts';
import { authMessages } from './messages/auth.ts';
import { memberMessages } from './messages/member.ts';
import { captchaMessages } from './messages/captcha.ts';
import { liveMessages } from './messages/live.ts';
import { liveHealthMessages } from './messages/live-health.ts';
import { economyMessages } from './messages/economy.ts';
import { contentMessages } from './messages/content.ts';
import { socialMessages } from './messages/social.ts';
import { searchMessages } from './messages/search.ts';
import { matchesMessages } from './messages/matches.ts';
import { chatMessages } from './messages/chat.ts';
import { replayMessages } from './messages/replays.ts';
import { consoleMessages } from './messages/console.ts';
import { consoleUsersMessages } from './messages/console-users.ts';
import { consoleOpsMessages } from './messages/console-ops.ts';

export { LANGS, type Lang };
export const DEFAULT_LANG: Lang = 'en';

/** Each domain keeps its messages in messages/<domain>.ts; this is the merged catalogue. */
export const messages = {
  ...commonMessages,
  ...authMessages,
  ...memberMessages,
  ...captchaMessages,
  ...liveMessages,
  ...liveHealthMessages,
  ...economyMessages,
  ...contentMessages,
  ...socialMessages,
  ...searchMessages,
  ...matchesMessages,
  ...chatMessages,
  ...replayMessages,
  ...consoleMessages,
  ...consoleUsersMessages,
  ...consoleOpsMessages,
};

export type MessageKey = keyof typeof messages;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

/** Localize a catalogue key, filling {{name}} placeholders. Unknown keys come back unchanged. */
export function translate(lang: Lang, key: string, params?: Record<string, string | number>): string {
  const entry = isMessageKey(key) ? messages[key] : undefined;
  let text: string = entry ? (entry[lang] ?? entry.en) : key;
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{{${k}}}`, String(v));
  return text;
}

/** Pick one of our languages from a header value such as "es-ES,es;q=0.9,en;q=0.8". */
export function pickLang(...candidates: Array<string | undefined | null>): Lang {
  for (const c of candidates) {
    if (!c) continue;
    for (const part of c.split(',')) {
      const tag = part.split(';')[0].trim().toLowerCase().slice(0, 2);
      if ((LANGS as readonly string[]).includes(tag)) return tag as Lang;
    }
  }
  return DEFAULT_LANG;
}
