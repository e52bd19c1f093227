import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FIRST_NAMESPACES, LOCALE_FILE } from './first-namespaces';
import type { Lang } from '@livesports/contracts/messages';
import { isMobilePath } from '../lib/device';
import { getCookie, setCookie } from '../lib/cookie';
import { readString, writeString } from '../lib/storage';

// Interface languages (spec §1): zh, en, es. Texts live in src/locales/<lang>/<namespace>.json, one
// namespace per domain. Only the namespaces of the first page are bundled here; a feature that is
// loaded later registers its own namespaces from its chunk (features/<x>/locales.ts). The server's
// message catalogue (namespace 'msg', so the contracts' zod messages read the same on both sides)
// is registered by ./messages.ts, which the chunks that validate forms import.

export const LANGUAGE_KEY = 'language';
/** Same list as LANGS in contracts/messages (kept here so the first load skips the catalogue). */
export const LANGS = ['zh', 'en', 'es'] as const satisfies readonly Lang[];
export type { Lang };
export const LANGUAGE_LABELS: Record<Lang, string> = { zh: '中文', en: 'English', es: 'Español' };

/**
 * Namespaces the first page needs, loaded for the current language only before the first render;
 * each feature chunk registers its own (see registerLocales). The desktop's header holds the search
 * box; the phone's site (/m) has its own texts instead.
 */
const firstLoad = import.meta.glob<Record<string, unknown>>('../../locales/*/{common,layout,home,search,mobile}.json', { import: 'default' });

/** Adds namespaces from locale files ({path: content}) found by an import.meta.glob. */
export function resourcesFrom(found: Record<string, unknown>): Resource {
  const resources: Resource = {};
  for (const lang of LANGS) resources[lang] = {};
  for (const [file, content] of Object.entries(found)) {
    const m = LOCALE_FILE.exec(file);
    if (!m || !(LANGS as readonly string[]).includes(m[1])) continue;
    resources[m[1]][m[2]] = content as Record<string, unknown>;
  }
  return resources;
}

/** The first-page namespaces of one language. */
export async function loadLanguage(lang: Lang): Promise<Resource> {
  const site = typeof window !== 'undefined' && isMobilePath(window.location.pathname) ? 'mobile' : 'desktop';
  const wanted = new Set(FIRST_NAMESPACES[site].map((ns) => `/locales/${lang}/${ns}.json`));
  const mine = Object.entries(firstLoad).filter(([file]) => [...wanted].some((w) => file.endsWith(w)));
  const loaded = await Promise.all(mine.map(async ([file, load]) => [file, await load()] as const));
  return resourcesFrom(Object.fromEntries(loaded));
}

/** Registers the namespaces a lazy chunk brings (the result of its own import.meta.glob). */
export function registerLocales(found: Record<string, unknown>) {
  addResources(resourcesFrom(found));
}

/**
 * Registers the current language's files of a lazy `import.meta.glob` (not eager), so a feature
 * chunk carries one language's texts instead of three. Feature locales.ts files await it at top level.
 */
export async function registerLocalesFor(found: Record<string, () => Promise<unknown>>) {
  const lang = i18n.isInitialized ? currentLanguage() : detectLanguage();
  const mine = Object.entries(found).filter(([file]) => file.includes(`/locales/${lang}/`));
  const loaded = await Promise.all(mine.map(async ([file, load]) => [file, await load()] as const));
  registerLocales(Object.fromEntries(loaded));
}

/** Bundles registered before i18next started (a module imported early); applied by initI18n. */
const pending: Resource[] = [];

/** Registers namespaces loaded later (by a lazy chunk). */
export function addResources(resources: Resource) {
  if (!i18n.isInitialized) {
    pending.push(resources);
    return;
  }
  for (const [lang, namespaces] of Object.entries(resources)) {
    for (const [ns, content] of Object.entries(namespaces)) {
      if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, content, true, true);
    }
  }
}

const isLang = (v: unknown): v is Lang => typeof v === 'string' && (LANGS as readonly string[]).includes(v);

/** Stored choice, else the browser's language when it is one of ours, else English. */
export function detectLanguage(): Lang {
  const stored = readString(LANGUAGE_KEY);
  if (isLang(stored)) return stored;
  const nav = typeof navigator !== 'undefined' ? [...(navigator.languages ?? []), navigator.language] : [];
  for (const tag of nav) {
    const short = tag?.slice(0, 2).toLowerCase();
    if (isLang(short)) return short;
  }
  return 'en';
}

export function currentLanguage(): Lang {
  return isLang(i18n.language) ? i18n.language : 'en';
}

const LANG_COOKIE = 'lang';
const HTML_LANG: Record<Lang, string> = { zh: 'zh-CN', en: 'en', es: 'es' };

function applyHtmlLang(lang: Lang) {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
}

/**
 * The language in a cookie too, so the server names this language's texts in the pages it sends
 * (platform/page-preloads.ts) and answers in it; the choice itself stays in local storage.
 */
function rememberForServer(lang: Lang) {
  if (typeof document !== 'undefined' && getCookie(LANG_COOKIE) !== lang) setCookie(LANG_COOKIE, lang, 365);
}

/** Switching stores the choice and reloads the page (spec §1). */
export function switchLanguage(lang: Lang) {
  writeString(LANGUAGE_KEY, lang);
  rememberForServer(lang);
  window.location.reload();
}

/** Loads the language's first-page texts and starts i18next; resolves when texts can be shown. */
export async function initI18n(lang: Lang = detectLanguage()) {
  const resources = await loadLanguage(lang);
  if (!i18n.isInitialized) {
    for (const extra of pending.splice(0)) for (const [l, nss] of Object.entries(extra)) resources[l] = { ...nss, ...resources[l] };
    await i18n.use(initReactI18next).init({
      resources,
      lng: lang,
      // Every key exists in every language (src/locales/locales.test.ts), so no fallback is loaded.
      fallbackLng: false,
      defaultNS: 'common',
      ns: ['common'],
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  } else {
    addResources(resources);
    if (i18n.language !== lang) await i18n.changeLanguage(lang);
  }
  applyHtmlLang(lang);
  rememberForServer(lang);
  return i18n;
}

export { i18n };
