import type { MatchRow } from '@livesports/contracts/matches';
import { isFinished, isLive } from '@livesports/contracts/matches-constants';
import { paths } from '@/config/paths';

/** The match centre of one match. */
export const scoreLivePage = (id: number) => `${paths.scoreLive}?id=${id}`;
/** A team's page (the mobile site follows it to /m/team?id=). */
export const teamPage = (id: number) => `${paths.team}?id=${id}`;

// Small helpers shared by the matches pages (names in the reader's language, times, scores).

export type Side = 'home' | 'away';

export function teamName(
  row: Pick<MatchRow, 'home_team_name_zh' | 'home_team_name_en' | 'home_team_name_es' | 'away_team_name_zh' | 'away_team_name_en' | 'away_team_name_es'>,
  side: Side,
  lang: string,
) {
  if (lang === 'zh') return row[`${side}_team_name_zh`];
  if (lang === 'es') return row[`${side}_team_name_es`];
  return row[`${side}_team_name_en`];
}

export function competitionName(row: { competition_name_zh: string; competition_name_en: string; competition_name_es: string; competition_short_en?: string }, lang: string, short = false) {
  if (lang === 'zh') return row.competition_name_zh;
  if (lang === 'es') return row.competition_name_es;
  return short && row.competition_short_en ? row.competition_short_en : row.competition_name_en;
}

export function localName(n: { name_zh: string; name_en: string; name_es: string }, lang: string) {
  return lang === 'zh' ? n.name_zh : lang === 'es' ? n.name_es : n.name_en;
}

const locale = (lang: string) => (lang === 'zh' ? 'zh-CN' : lang === 'es' ? 'es-ES' : 'en-GB');

export const timeOf = (unix: number, lang: string) => new Date(unix * 1000).toLocaleTimeString(locale(lang), { hour: '2-digit', minute: '2-digit' });
/** "22 Nov 2025": past meetings span seasons. */
export const fullDateOf = (unix: number, lang: string) => new Date(unix * 1000).toLocaleDateString(locale(lang), { year: 'numeric', month: 'short', day: 'numeric' });
export const dateOf = (unix: number, lang: string) => new Date(unix * 1000).toLocaleDateString(locale(lang), { month: 'short', day: 'numeric' });
/** "Sat 22 Nov, 21:00" in the reader's language and time zone. */
export const kickoffOf = (unix: number, lang: string) => new Date(unix * 1000).toLocaleString(locale(lang), { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
export const weekdayOf = (d: Date, lang: string) => d.toLocaleDateString(locale(lang), { weekday: 'short' });
export const dayLabel = (d: Date, lang: string) => d.toLocaleDateString(locale(lang), { month: 'numeric', day: 'numeric' });

/** Local calendar day as YYYY-MM-DD. */
export function isoDay(d: Date) {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
/** Minutes east of UTC, as the server's `tz` wants. */
export const tzOffset = () => -new Date().getTimezoneOffset();

export const started = (row: Pick<MatchRow, 'status'>) => isLive(row.status) || isFinished(row.status);

/** A colour per team, stable across pages (for the initials badge). */
export function teamHue(name: string) {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

export function initials(name: string) {
  const words = name
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .split(/\s+/)
    .filter(Boolean);
  if (!words.length) return '?';
  if (/\p{Script=Han}/u.test(name)) return name.slice(0, 1);
  return (words.length === 1 ? words[0].slice(0, 2) : words[0][0] + words[1][0]).toUpperCase();
}

type T = (key: string, opts?: Record<string, unknown>) => string;
const STAGES: Array<[RegExp, (m: RegExpMatchArray, t: T) => string]> = [
  [/^matchday (\d+)$/i, (m, t) => t('stage.matchday', { n: m[1] })],
  [/^round (\d+)$/i, (m, t) => t('stage.round', { n: m[1] })],
  [/^group ([a-z0-9]{1,2})$/i, (m, t) => t('stage.group', { g: m[1].toUpperCase() })],
  [/^round of 16$/i, (_m, t) => t('stage.roundOf16')],
  [/^quarter-?finals?$/i, (_m, t) => t('stage.quarterFinals')],
  [/^semi-?finals?$/i, (_m, t) => t('stage.semiFinals')],
  [/^(match for )?third place( match)?$/i, (_m, t) => t('stage.thirdPlace')],
  [/^finals?$/i, (m, t) => t(m[0].toLowerCase() === 'finals' ? 'stage.finals' : 'stage.final')],
  [/^league$/i, (_m, t) => t('stage.league')],
  [/^play-?offs$/i, (_m, t) => t('stage.playoffs')],
  [/^qualification$/i, (_m, t) => t('stage.qualification')],
];

/**
 * A round or group name as feeds write it ("Matchday 15", "Group H", "Finals, Quarterfinals") in
 * the reader's language; parts it does not know (a provider's own wording) are kept as given.
 */
export function stageName(text: string, t: T): string {
  return text
    .split(/,\s*/)
    .map((part) => {
      for (const [re, say] of STAGES) {
        const m = part.match(re);
        if (m) return say(m, t);
      }
      return part;
    })
    .join(' · ');
}
