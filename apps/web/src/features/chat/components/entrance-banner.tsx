import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntranceEvent } from '@livesports/contracts/chat';
import { ImCustomType } from '@livesports/contracts/chat-constants';
import { NOBLES } from '@livesports/contracts/economy';
import { onRoomEvent } from '../api/im-client';
import '@/shared/i18n/messages';
import '../locales';
import { GuardMark } from './badges';

/** How long one entrance shows; more arriving meanwhile wait their turn (at most QUEUE_MAX). */
const SHOW_MS = 3500;
const QUEUE_MAX = 5;

/**
 * The entrance effect over the player (spec §6 noble perks): a noble's or guard's arrival slides
 * in at the top left in the tier's colour and style. Placed by the page, which leaves it out when
 * the viewer hid effects.
 */
export function EntranceBanner({ roomId }: { roomId: number }) {
  const { t } = useTranslation('chat');
  const [queue, setQueue] = useState<EntranceEvent[]>([]);

  useEffect(() => onRoomEvent((e) => e.type === ImCustomType.ENTRANCE && e.room_id === roomId && setQueue((q) => (q.length >= QUEUE_MAX ? q : [...q, e]))), [roomId]);
  useEffect(() => {
    if (!queue.length) return;
    const timer = setTimeout(() => setQueue((q) => q.slice(1)), SHOW_MS);
    return () => clearTimeout(timer);
  }, [queue]);

  const e = queue[0];
  if (!e) return null;
  const noble = e.noble ? NOBLES.find((n) => n.tier === e.noble) : undefined;
  const color = noble?.color ?? '#7dd3fc';
  return (
    <div
      key={`${e.user.id}-${queue.length}`}
      className={`entrance-banner entrance-banner--${noble?.entrance ?? 'guard'}`}
      style={{ ['--entrance' as string]: color }}
      data-testid="entrance-banner"
      role="status"
    >
      <span className="entrance-banner__tier">{noble ? t(`msg:economy.noble_${noble.tier}`) : <GuardMark level={e.guard_level} />}</span>
      <strong>{e.user.nick}</strong>
      <span>{t('entered')}</span>
    </div>
  );
}
