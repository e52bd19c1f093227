import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatchListRow } from '@livesports/contracts/matches';
import { useLinkableMatches } from '../api/match-link';
import { useWhen } from './reservation-list';

const nameOf = (row: MatchListRow, side: 'home' | 'away', lang: string) => (lang === 'zh' ? row[`${side}_team_name_zh`] : lang === 'es' ? row[`${side}_team_name_es`] : row[`${side}_team_name_en`]);
const leagueOf = (row: MatchListRow, lang: string) => (lang === 'zh' ? row.competition_name_zh : lang === 'es' ? row.competition_name_es : row.competition_short_en || row.competition_name_en);

/** "Real Madrid vs Barcelona · LaLiga", in the reader's language. */
export function matchLabel(row: MatchListRow, lang: string) {
  return `${nameOf(row, 'home', lang)} vs ${nameOf(row, 'away', lang)} · ${leagueOf(row, lang)}`;
}

export interface MatchPickerProps {
  /** 1 football, 2 basketball. */
  type: 1 | 2;
  onType: (type: 1 | 2) => void;
  value: number;
  onChange: (matchId: number, row: MatchListRow | null) => void;
  /** Label of the empty choice ("no match"). */
  none: string;
  testId?: string;
}

/** A sport, then a match in play or coming up (the matches module's lists), for the studio and the schedule form. */
export function MatchPicker({ type, onType, value, onChange, none, testId = 'match-picker' }: MatchPickerProps) {
  const { t, i18n } = useTranslation('live');
  const when = useWhen();
  const id = useId();
  const list = useLinkableMatches(type);
  const all = [...(list.data?.live ?? []), ...(list.data?.upcoming ?? [])];
  return (
    <div className="match-picker" data-testid={testId}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-sport`}>
          {t('matchLink.sport')}
        </label>
        <div className="field__control">
          <select
            id={`${id}-sport`}
            className="field__input"
            value={type}
            onChange={(e) => {
              onType(Number(e.target.value) as 1 | 2);
              onChange(0, null);
            }}
            data-testid={`${testId}-sport`}
          >
            <option value={1}>{t('types.1')}</option>
            <option value={2}>{t('types.2')}</option>
          </select>
        </div>
      </div>
      <div className="field match-picker__match">
        <label className="field__label" htmlFor={`${id}-match`}>
          {t('matchLink.match')}
        </label>
        <div className="field__control">
          <select
            id={`${id}-match`}
            className="field__input"
            value={value}
            disabled={list.isPending}
            onChange={(e) => {
              const matchId = Number(e.target.value);
              onChange(matchId, all.find((r) => r.id === matchId) ?? null);
            }}
            data-testid={`${testId}-match`}
          >
            <option value={0}>{list.isPending ? t('matchLink.loading') : none}</option>
            {!!list.data?.live.length && (
              <optgroup label={t('matchLink.liveNow')}>
                {list.data.live.map((r) => (
                  <option key={r.id} value={r.id}>
                    {`${r.match_str || t('card.live')} · ${matchLabel(r, i18n.language)}`}
                  </option>
                ))}
              </optgroup>
            )}
            {!!list.data?.upcoming.length && (
              <optgroup label={t('matchLink.comingUp')}>
                {list.data.upcoming.map((r) => (
                  <option key={r.id} value={r.id}>
                    {`${when(new Date(r.match_time * 1000).toISOString())} · ${matchLabel(r, i18n.language)}`}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </div>
      </div>
    </div>
  );
}
