import { useTranslation } from 'react-i18next';
import type { StandingRow } from '@livesports/contracts/matches';
import { stageName } from '../lib/format';
import { TeamBadge } from './team-badge';

const name = (r: StandingRow, lang: string) => (lang === 'zh' ? r.team_name_zh : lang === 'es' ? r.team_name_es : r.team_name_en);

/** One league table; football shows points, basketball win percentage. */
export function StandingsTable({ name: title, rows, sport, highlight = [] }: { name: string; rows: StandingRow[]; sport: string; highlight?: number[] }) {
  const { t, i18n } = useTranslation('matches');
  const basketball = sport === 'basketball';
  return (
    <div className="standings">
      {title && <h3 className="standings__title">{stageName(title, t)}</h3>}
      <table className="standings__table" data-testid="standings">
        <thead>
          <tr>
            <th>{t('table.rank')}</th>
            <th className="standings__team">{t('table.team')}</th>
            <th title={t('table.playedLong')}>{t('table.played')}</th>
            <th title={t('table.wonLong')}>{t('table.won')}</th>
            {!basketball && <th title={t('table.drawnLong')}>{t('table.drawn')}</th>}
            <th title={t('table.lostLong')}>{t('table.lost')}</th>
            <th className="hide-narrow">{t('table.goals')}</th>
            <th>{basketball ? t('table.pct') : t('table.gd')}</th>
            {!basketball && <th title={t('table.pointsLong')}>{t('table.points')}</th>}
            <th className="hide-narrow">{t('table.form')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.team_id} className={highlight.includes(r.team_id) ? 'is-highlight' : undefined}>
              <td>{r.rank}</td>
              <td className="standings__team">
                <TeamBadge name={r.team_name_en} logo={r.team_logo} size={18} />
                <span>{name(r, i18n.language)}</span>
              </td>
              <td>{r.played}</td>
              <td>{r.won}</td>
              {!basketball && <td>{r.drawn}</td>}
              <td>{r.lost}</td>
              <td className="hide-narrow">
                {r.goals_for}:{r.goals_against}
              </td>
              <td>{basketball ? (r.win_pct / 1000).toFixed(3).replace(/^0/, '') : r.goal_diff > 0 ? `+${r.goal_diff}` : r.goal_diff}</td>
              {!basketball && <td className="standings__pts">{r.points}</td>}
              <td className="hide-narrow">
                <span className="form">
                  {r.form.map((f, i) => (
                    <span key={i} className={`form__${f}`}>
                      {f}
                    </span>
                  ))}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
