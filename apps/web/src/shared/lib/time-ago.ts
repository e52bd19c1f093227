import { type Lang, currentLanguage } from '../i18n';

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';

const UNITS: Array<[Unit, number]> = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * The words of a relative time, per language: what Intl.RelativeTimeFormat (numeric 'auto') says
 * for the units above, written out. Why not Intl: a page's first Intl date or relative-time
 * formatter (whichever comes first; the second is cheap) loads ICU's calendar data, 30–95 ms in
 * Chromium here, on every page with a headline or a post on it; Lighthouse counts it 4× as blocking
 * time. Pages that format dates elsewhere with Intl (chat times, kick-offs) still pay it once. Plurals come from
 * Intl.PluralRules (under a millisecond, and i18next has made one already). A test compares every
 * unit and count with Intl itself.
 */
type Words = { past: (n: number, unit: Unit, plural: Intl.LDMLPluralRule) => string; future: (n: number, unit: Unit, plural: Intl.LDMLPluralRule) => string; special: Record<string, string> };

const EN_UNITS: Record<Unit, [string, string]> = {
  year: ['year', 'years'],
  month: ['month', 'months'],
  week: ['week', 'weeks'],
  day: ['day', 'days'],
  hour: ['hour', 'hours'],
  minute: ['minute', 'minutes'],
};
const ES_UNITS: Record<Unit, [string, string]> = {
  year: ['año', 'años'],
  month: ['mes', 'meses'],
  week: ['semana', 'semanas'],
  day: ['día', 'días'],
  hour: ['hora', 'horas'],
  minute: ['minuto', 'minutos'],
};
const ZH_UNITS: Record<Unit, string> = { year: '年', month: '个月', week: '周', day: '天', hour: '小时', minute: '分钟' };

const WORDS: Record<Lang, Words> = {
  en: {
    past: (n, u, p) => `${n} ${EN_UNITS[u][p === 'one' ? 0 : 1]} ago`,
    future: (n, u, p) => `in ${n} ${EN_UNITS[u][p === 'one' ? 0 : 1]}`,
    special: {
      'year:-1': 'last year',
      'year:1': 'next year',
      'month:-1': 'last month',
      'month:1': 'next month',
      'week:-1': 'last week',
      'week:1': 'next week',
      'day:-1': 'yesterday',
      'day:1': 'tomorrow',
      'minute:0': 'this minute',
    },
  },
  es: {
    past: (n, u, p) => `hace ${n} ${ES_UNITS[u][p === 'one' ? 0 : 1]}`,
    future: (n, u, p) => `dentro de ${n} ${ES_UNITS[u][p === 'one' ? 0 : 1]}`,
    special: {
      'year:-1': 'el año pasado',
      'year:1': 'el próximo año',
      'month:-1': 'el mes pasado',
      'month:1': 'el próximo mes',
      'week:-1': 'la semana pasada',
      'week:1': 'la próxima semana',
      'day:-2': 'anteayer',
      'day:-1': 'ayer',
      'day:1': 'mañana',
      'day:2': 'pasado mañana',
      'minute:0': 'este minuto',
    },
  },
  zh: {
    past: (n, u) => `${n}${ZH_UNITS[u]}前`,
    future: (n, u) => `${n}${ZH_UNITS[u]}后`,
    special: {
      'year:-1': '去年',
      'year:1': '明年',
      'month:-1': '上个月',
      'month:1': '下个月',
      'week:-1': '上周',
      'week:1': '下周',
      'day:-2': '前天',
      'day:-1': '昨天',
      'day:1': '明天',
      'day:2': '后天',
      'minute:0': '此刻',
    },
  },
};

const plurals = new Map<Lang, Intl.PluralRules>();
function pluralOf(lang: Lang, n: number) {
  let rules = plurals.get(lang);
  if (!rules) plurals.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules.select(n);
}

/** What Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(value, unit) says, without Intl's cost. */
export function relativeTime(lang: Lang, value: number, unit: Unit): string {
  const words = WORDS[lang];
  // `${-0}` is '0': a rounded -0 minutes finds 'minute:0' like 0 does.
  const special = words.special[`${unit}:${value}`];
  if (special) return special;
  const n = Math.abs(value);
  const plural = pluralOf(lang, n);
  return value < 0 ? words.past(n, unit, plural) : words.future(n, unit, plural);
}

/** "3 hours ago" / "3小时前" / "hace 3 horas", in the interface language. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const lang = currentLanguage();
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return relativeTime(lang, Math.round(seconds / size), unit);
  return relativeTime(lang, 0, 'minute');
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ES_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];
const pad = (n: number) => String(n).padStart(2, '0');

/** What Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }) says, in local time. */
export function formatDateTime(lang: Lang, d: Date): string {
  const [y, m, day, h, min] = [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()];
  if (lang === 'zh') return `${y}年${m + 1}月${day}日 ${pad(h)}:${pad(min)}`;
  if (lang === 'es') return `${day} ${ES_MONTHS[m]} ${y}, ${h}:${pad(min)}`;
  return `${EN_MONTHS[m]} ${day}, ${y}, ${h % 12 || 12}:${pad(min)} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * A short date and time in the interface language. Written out rather than made by Intl: the first
 * Intl date formatter of a page loads ICU's calendar data, 40–95 ms in Chromium here, and a
 * headline shows its date before anything else needs one (the test compares with Intl).
 */
export function dateTime(iso: string): string {
  return formatDateTime(currentLanguage(), new Date(iso));
}
