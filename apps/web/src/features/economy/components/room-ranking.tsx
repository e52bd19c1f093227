import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RankPeriod } from '@livesports/contracts/economy-rank';
import { Avatar } from '@/shared/ui/avatar';
import { Spinner } from '@/shared/ui/spinner';
import { useRoomRanking } from '../api/rank';
import '../locales';
import '../economy.css';
import { Coins } from './coins';
import { NobleBadge, WealthBadge } from './noble-badge';

/** Who gave most to this room (api/Live_streaming/roomRanking), for the live room's side panel. */
export function RoomRanking({ roomId, limit = 10 }: { roomId: number; limit?: number }) {
  const { t } = useTranslation('economy');
  const [period, setPeriod] = useState<RankPeriod>('day');
  const rank = useRoomRanking(roomId, period);
  return (
    <section className="eco-room-rank" data-testid="room-ranking">
      <div className="eco-seg">
        {(['day', 'week', 'all'] as const).map((p) => (
          <button key={p} type="button" className={period === p ? 'is-active' : undefined} onClick={() => setPeriod(p)}>
            {t(`rank.periods.${p}`)}
          </button>
        ))}
      </div>
      {rank.isLoading ? (
        <Spinner />
      ) : !rank.data?.length ? (
        <p className="muted">{t('rank.roomEmpty')}</p>
      ) : (
        <ol>
          {rank.data.slice(0, limit).map((r) => (
            <li key={r.user.id}>
              <span className={`eco-rank-n eco-rank-n--${r.rank}`}>{r.rank}</span>
              <Avatar src={r.user.avatar} size={24} />
              <span className="eco-room-rank__name">{r.user.user_nickname}</span>
              <WealthBadge level={r.user.wealth_level} />
              {r.user.noble && <NobleBadge tier={r.user.noble} />}
              <Coins value={r.value} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
