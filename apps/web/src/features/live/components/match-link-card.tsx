import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkedMatch, MyRoom } from '@livesports/contracts/live';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { IconBall } from '@/shared/ui/icons';
import { useSetRoomMatch } from '../api/match-link';
import { MatchPicker } from './match-picker';
import { useWhen } from './reservation-list';

/** "LIVE", "Finished" or the kick-off time of a linked match. */
export function useLinkedState() {
  const { t } = useTranslation('live');
  const when = useWhen();
  return (m: LinkedMatch) => (m.status >= 2 && m.status <= 7 ? t('card.live') : m.status >= 8 ? t('matchLink.finished') : when(m.kickoff));
}

/**
 * The studio's "match of this broadcast": the room shows its live score strip, and the match's
 * page lists the room while it is live. A reserved broadcast of a match links it by itself
 * around kick-off; a link set here wins.
 */
export function MatchLinkCard({ room }: { room: MyRoom }) {
  const { t } = useTranslation('live');
  const state = useLinkedState();
  const [type, setType] = useState<1 | 2>(room.match?.sport === 'basketball' || room.type === 2 ? 2 : 1);
  const [picked, setPicked] = useState(0);
  const set = useSetRoomMatch((msg) => {
    toast.success(msg);
    setPicked(0);
  });
  const m = room.match;
  return (
    <section className="card match-link" aria-labelledby="match-link-title" data-testid="match-link">
      <h2 id="match-link-title" className="card__title">
        <IconBall size={16} /> {t('matchLink.title')}
      </h2>
      {m ? (
        <div className="match-link__current" data-testid="linked-match" data-match-id={m.id}>
          <span className={['badge', m.status >= 2 && m.status <= 7 ? 'badge--live' : ''].join(' ')}>{state(m)}</span>
          <strong>
            {m.home_name} vs {m.away_name}
          </strong>
          <span className="muted">{m.league_name}</span>
          <span className="muted small">{t(`matchLink.via.${m.via}`)}</span>
          {m.via === 'studio' && (
            <Button size="sm" variant="ghost" loading={set.isPending && set.variables === 0} onClick={() => set.mutate(0)} data-testid="unlink-match">
              {t('matchLink.unlink')}
            </Button>
          )}
        </div>
      ) : (
        <p className="muted" data-testid="linked-match-none">
          {t('matchLink.none')}
        </p>
      )}
      <p className="muted small">{t('matchLink.hint')}</p>
      <form
        className="match-link__form"
        onSubmit={(e) => {
          e.preventDefault();
          if (picked) set.mutate(picked);
        }}
      >
        <MatchPicker type={type} onType={setType} value={picked} onChange={(id) => setPicked(id)} none={t('matchLink.choose')} />
        <Button type="submit" disabled={!picked} loading={set.isPending && set.variables !== 0} data-testid="link-match">
          {t('matchLink.link')}
        </Button>
      </form>
    </section>
  );
}
