import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { foresightPublish } from '@livesports/contracts/matches';
import { PICKS } from '@livesports/contracts/matches-constants';
import { tMsg } from '@/shared/i18n/messages';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { Input, Textarea } from '@/shared/ui/input';
import { useAllMatch, usePublishForesight } from '../api/queries';
import { competitionName, dateOf, teamName, timeOf } from '../lib/format';

type Kind = keyof typeof PICKS;

/** An anchor's pick: an upcoming match, a market, a side, a title and the reasoning. */
export function PublishPick({ open, onOpenChange, type }: { open: boolean; onOpenChange: (v: boolean) => void; type: number }) {
  const { t, i18n } = useTranslation('matches');
  const lang = i18n.language;
  const upcoming = useAllMatch({ type: type || 1, status: 'upcoming', limit: 60 }, open);
  const publish = usePublishForesight();
  const [matchId, setMatchId] = useState(0);
  const [kind, setKind] = useState<Kind>('eu');
  const [pick, setPick] = useState<string>('home');
  const [title, setTitle] = useState('');
  const [analysis, setAnalysis] = useState('');
  const [error, setError] = useState<{ field: string; msg: string } | null>(null);
  const chosen = matchId || upcoming.data?.list[0]?.id || 0;

  const submit = async () => {
    const input = { match_id: chosen, kind, pick, title, analysis };
    const parsed = foresightPublish.input.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({ field: String(issue.path[0] ?? ''), msg: tMsg(issue.message) });
      return;
    }
    setError(null);
    await publish.mutateAsync(input);
    setTitle('');
    setAnalysis('');
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('foresight.publish')} width={560} testId="publish-pick">
      <div className="pick-form">
        <label className="field">
          <span className="field__label">{t('foresight.match')}</span>
          <select value={chosen} onChange={(e) => setMatchId(Number(e.target.value))}>
            {!upcoming.data?.list.length && <option value={0}>{t('foresight.noMatches')}</option>}
            {upcoming.data?.list.map((m) => (
              <option key={m.id} value={m.id}>
                {`${dateOf(m.match_time, lang)} ${timeOf(m.match_time, lang)} · ${competitionName(m, lang, true)} · ${teamName(m, 'home', lang)} - ${teamName(m, 'away', lang)}`}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="pick-form__row">
          <legend className="field__label">{t('foresight.kind')}</legend>
          {(Object.keys(PICKS) as Kind[]).map((k) => (
            <label key={k} className={['chip', 'chip--btn', kind === k && 'is-on'].filter(Boolean).join(' ')}>
              <input
                type="radio"
                name="kind"
                className="sr-only"
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  setPick(PICKS[k][0]);
                }}
              />
              {t(`odds.kind.${k}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="pick-form__row">
          <legend className="field__label">{t('foresight.choice')}</legend>
          {PICKS[kind].map((p) => (
            <label key={p} className={['chip', 'chip--btn', pick === p && 'is-on'].filter(Boolean).join(' ')}>
              <input type="radio" name="pick" className="sr-only" checked={pick === p} onChange={() => setPick(p)} />
              {t(`foresight.pick.${p}`)}
            </label>
          ))}
        </fieldset>
        <Input label={t('foresight.titleLabel')} value={title} maxLength={30} onChange={(e) => setTitle(e.target.value)} error={error?.field === 'title' ? error.msg : null} data-testid="pick-title" />
        <Textarea label={t('foresight.analysis')} value={analysis} rows={5} maxLength={2000} onChange={(e) => setAnalysis(e.target.value)} />
        {error && error.field !== 'title' && <p className="field__error">{error.msg}</p>}
        <div className="pick-form__actions">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('foresight.cancel')}
          </Button>
          <Button onClick={() => void submit().catch(() => undefined)} loading={publish.isPending} disabled={!chosen} data-testid="pick-submit">
            {t('foresight.submit')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
