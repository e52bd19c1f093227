import { useTranslation } from 'react-i18next';
import type { ExponentRow } from '@livesports/contracts/matches';

const fmt = (v: number, i: number, kind: string) => (i === 1 && kind !== 'eu' ? (v > 0 && kind === 'asia' ? `+${v}` : String(v)) : v ? v.toFixed(2) : '-');

/** Every bookmaker's opening, pre-match and in-play prices for one market. */
export function OddsTable({ rows, companies, kind }: { rows: ExponentRow[]; companies: Array<{ id: number; name: string }>; kind: 'asia' | 'eu' | 'bs' }) {
  const { t } = useTranslation('matches');
  const heads = kind === 'eu' ? ['home', 'draw', 'away'] : kind === 'asia' ? ['home', 'line', 'away'] : ['over', 'line', 'under'];
  const name = (id: number) => companies.find((c) => c.id === id)?.name ?? `#${id}`;
  return (
    <div className="odds">
      <h3 className="odds__title">{t(`odds.kind.${kind}`)}</h3>
      <table className="odds__table" data-testid={`odds-${kind}`}>
        <thead>
          <tr>
            <th>{t('odds.company')}</th>
            <th />
            {heads.map((h) => (
              <th key={h}>{t(`odds.${h}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) =>
            (['initial', 'immediate', 'scram'] as const)
              .filter((stage) => r[kind][stage])
              .map((stage, i) => (
                <tr key={`${r.company_id}-${stage}`}>
                  <td>{i === 0 ? name(r.company_id) : ''}</td>
                  <td className="odds__stage">{t(`odds.${stage}`)}</td>
                  {r[kind][stage]!.map((v, j) => (
                    <td key={j}>{fmt(v, j, kind)}</td>
                  ))}
                </tr>
              )),
          )}
        </tbody>
      </table>
    </div>
  );
}
