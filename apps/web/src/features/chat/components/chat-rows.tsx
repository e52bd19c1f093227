import { type ReactNode, memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntranceEvent, ImEvent, ImMessage, ImNotice } from '@livesports/contracts/chat';
import { ImCustomType, ImElemType } from '@livesports/contracts/chat-constants';
import { NOBLES } from '@livesports/contracts/economy';
import type { FeedItem } from '../api/im-client';
import { GuardMark, SenderBadges, nobleColor } from './badges';
import '@/shared/i18n/messages';

/** payload.data of a custom message, or null when it is not one we know. */
export function customData(m: ImMessage): { type: number } | null {
  if (m.type !== ImElemType.CUSTOM || !m.payload.data) return null;
  try {
    const d = JSON.parse(m.payload.data) as { type?: unknown };
    return typeof d.type === 'number' ? (d as { type: number }) : null;
  } catch {
    return null;
  }
}

export const textOf = (m: ImMessage) => (m.type === ImElemType.TEXT ? (m.payload.text ?? '') : '');

/** A person's text message. The name opens the user menu (`nameWrap`). Text is a text node: React escapes it. */
export function MessageRow({ m, self, nameWrap }: { m: ImMessage; self: boolean; nameWrap: (name: ReactNode) => ReactNode }) {
  const color = nobleColor(m.ext);
  const name = (
    <button type="button" className="chat-row__nick" style={color ? { color } : undefined} data-testid="chat-nick">
      {m.nick || m.from}
    </button>
  );
  return (
    <li className={self ? 'chat-row chat-row--self' : 'chat-row'} data-testid="chat-message" data-seq={m.seq} data-noble={m.ext?.noble ?? undefined}>
      <SenderBadges ext={m.ext} />
      {nameWrap(name)}
      <span className="chat-row__text" style={m.ext?.color ? { color: m.ext.color } : undefined}>
        {textOf(m)}
      </span>
    </li>
  );
}

/** "Anchor muted X for 10 minutes" and the like (custom type 103). */
export function NoticeRow({ m, notice }: { m: ImMessage; notice: ImNotice }) {
  const { t } = useTranslation('chat');
  const d = notice.minutes ? t(`duration.${notice.minutes}`, { defaultValue: t('minutes', { n: notice.minutes }) }) : '';
  return (
    <li className={notice.action === 'warning' ? 'chat-row chat-row--notice chat-row--warning' : 'chat-row chat-row--notice'} data-testid="chat-notice" data-action={notice.action}>
      {t(`notice.${notice.action === 'slow_mode' && !notice.seconds ? 'slow_mode_off' : notice.action}`, {
        actor: m.nick,
        target: notice.target.nick,
        d,
        text: notice.text ?? '',
        n: notice.seconds ?? 0,
      })}
    </li>
  );
}

function EntranceRow({ e }: { e: EntranceEvent }) {
  const { t } = useTranslation('chat');
  const noble = e.noble ? NOBLES.find((n) => n.tier === e.noble) : undefined;
  return (
    <li className="chat-row chat-row--entrance" data-testid="chat-entrance" style={noble ? { borderColor: noble.color } : undefined}>
      {noble && (
        <span className="chat-badge chat-badge--noble" style={{ color: noble.color, borderColor: noble.color }}>
          {t(`msg:economy.noble_${noble.tier}`)}
        </span>
      )}
      {!!e.guard_level && (
        <span className="chat-badge chat-badge--guard">
          <GuardMark level={e.guard_level} />
        </span>
      )}
      <strong style={noble ? { color: noble.color } : undefined}>{e.user.nick}</strong> {t('entered')}
    </li>
  );
}

export interface FeedFilters {
  blocked: Set<string>;
  hideGifts: boolean;
  hideEntrances: boolean;
}

/** Whether a feed line is shown under the viewer's filters. */
export function visibleItem(item: FeedItem, f: FeedFilters): boolean {
  if (item.message) {
    const data = customData(item.message);
    if (data) return data.type === ImCustomType.NOTICE;
    return !!textOf(item.message) && !f.blocked.has(item.message.from);
  }
  if (item.event.type === ImCustomType.GIFT) return !f.hideGifts && !f.blocked.has(String(item.event.sender.id));
  return !f.hideEntrances;
}

/** One line of the chat list. Gift lines are drawn by the page's `renderEvent` (the economy's). */
export const FeedRow = memo(function FeedRow({
  item,
  me,
  nameWrap,
  renderEvent,
}: {
  item: FeedItem;
  me?: string;
  nameWrap: (m: ImMessage, name: ReactNode) => ReactNode;
  renderEvent?: (e: ImEvent) => ReactNode;
}) {
  if (item.message) {
    const data = customData(item.message);
    if (data?.type === ImCustomType.NOTICE) return <NoticeRow m={item.message} notice={data as ImNotice} />;
    return <MessageRow m={item.message} self={item.message.from === me} nameWrap={(name) => nameWrap(item.message, name)} />;
  }
  if (item.event.type === ImCustomType.ENTRANCE) return <EntranceRow e={item.event} />;
  return renderEvent ? <li className="chat-row chat-row--gift">{renderEvent(item.event)}</li> : null;
});
