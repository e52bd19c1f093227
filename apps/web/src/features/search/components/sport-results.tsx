import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MatchRow } from '@livesports/contracts/matches';
import type { SportNameCard } from '@livesports/contracts/search';
import { paths } from '@/config/paths';

// Teams, competitions and matches in search results (issue #52, item 6), drawn here from the
// config's paths: the matches feature draws the same rows on its own pages.

type Names = Pick<SportNameCard, 'name_zh' | 'name_en' | 'name_es'>;
const nameIn = (n: Names, lang: string) => (lang.startsWith('zh') ? n.name_zh : lang.startsWith('es') ? n.name_es : n.name_en) || n.name_en;
const sideName = (m: MatchRow, side: 'home' | 'away', lang: string) => nameIn({ name_zh: m[`${side}_team_name_zh`], name_en: m[`${side}_team_name_en`], name_es: m[`${side}_team_name_es`] }, lang);
const competitionIn = (m: MatchRow, lang: string) => nameIn({ name_zh: m.competition_name_zh, name_en: m.competition_name_en, name_es: m.competition_name_es }, lang);

export function SportNameList({ list, kind }: { list: SportNameCard[]; kind: 'team' | 'competition' }) {
  const { t, i18n } = useTranslation('search');
  // Real Madrid plays football and basketball: a name shown twice says which sport each is.
  const shown = list.map((c) => nameIn(c, i18n.language));
  const twice = (name: string) => shown.indexOf(name) !== shown.lastIndexOf(name);
  const href = (c: SportNameCard) => (kind === 'team' ? `${paths.team}?id=${c.id}` : `${c.sport === 'basketball' ? paths.baseBasketball : paths.baseFootball}?id=${c.id}`);
  return (
    <ul className="search-sport__names">
      {list.map((c) => (
        <li key={c.id}>
          <Link to={href(c)} className="chip chip--btn" data-testid={`search-${kind}-${c.id}`}>
            {c.logo && <img src={c.logo} alt="" width={20} height={20} loading="lazy" />}
            {nameIn(c, i18n.language)}
            {twice(nameIn(c, i18n.language)) && <span className="muted"> · {t(`sportOf.${c.sport}`)}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function SportMatchList({ list }: { list: MatchRow[] }) {
  const { t, i18n } = useTranslation('search');
  const lang = i18n.language;
  const when = (m: MatchRow) => new Date(m.match_time * 1000).toLocaleString(lang, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  return (
    <ul className="search-sport__matches">
      {list.map((m) => (
        <li key={m.id}>
          <Link to={`${paths.scoreLive}?id=${m.id}`} data-testid={`search-match-${m.id}`}>
            <span className="muted">
              {when(m)} · {competitionIn(m, lang)}
            </span>
            <strong>
              {sideName(m, 'home', lang)} {m.status >= 2 ? `${m.home_score} - ${m.away_score}` : t('versus')} {sideName(m, 'away', lang)}
            </strong>
          </Link>
        </li>
      ))}
    </ul>
  );
}
