import { messages } from '@livesports/contracts/messages';
import { LANGS, addResources, i18n, type Lang } from './index';

// The server's message catalogue as i18next namespace 'msg' (spec §8 texts, zod messages).
// Importing this module registers it; form and member chunks import it, the home page does not.

/** Catalogue keys are dotted ('auth.email_empty'): nest them so i18next's key separator finds them. */
function catalogueFor(lang: Lang): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [key, entry] of Object.entries(messages)) {
    const [group, ...rest] = key.split('.');
    (out[group] ??= {})[rest.join('.')] = (entry as Record<Lang, string>)[lang];
  }
  return out;
}

export function registerMessageCatalogue() {
  addResources(Object.fromEntries(LANGS.map((lang) => [lang, { msg: catalogueFor(lang) }])));
}
registerMessageCatalogue();

/** Message of a contracts zod issue (a catalogue key), localized; other text passes through. */
export function tMsg(key: string | undefined): string {
  if (!key) return i18n.t('msg:common.input_error');
  return Object.prototype.hasOwnProperty.call(messages, key) ? i18n.t(`msg:${key}`) : key;
}
