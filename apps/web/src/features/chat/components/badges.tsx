import { useTranslation } from 'react-i18next';
import type { ImSenderExt } from '@livesports/contracts/chat';
import { NOBLES } from '@livesports/contracts/economy';
import '@/shared/i18n/messages';
import { IconShield } from '@/shared/ui/icons';

/** A guard's level with a shield (drawn: the ⛨ character is missing from common fonts). */
export const GuardMark = ({ level }: { level: number }) => (
  <>
    <IconShield size={10} className="guard-mark" />
    {level}
  </>
);

/** Badges before a name in the room: role, noble tier, guard, wealth level. */
export function SenderBadges({ ext }: { ext?: ImSenderExt }) {
  const { t } = useTranslation('chat');
  if (!ext) return null;
  const noble = ext.noble ? NOBLES.find((n) => n.tier === ext.noble) : undefined;
  return (
    <>
      {ext.role && (
        <span className={`chat-badge chat-badge--${ext.role}`} data-testid={`badge-${ext.role}`}>
          {t(`role.${ext.role}`)}
        </span>
      )}
      {noble && (
        <span className="chat-badge chat-badge--noble" style={{ color: noble.color, borderColor: noble.color }} data-testid="badge-noble">
          {t(`msg:economy.noble_${noble.tier}`)}
        </span>
      )}
      {!!ext.guard && (
        <span className="chat-badge chat-badge--guard" title={t('guard')}>
          <GuardMark level={ext.guard} />
        </span>
      )}
      {!!ext.level && <span className="chat-badge chat-badge--level">Lv{ext.level}</span>}
    </>
  );
}

/** A noble's colour for their name, if any. */
export const nobleColor = (ext?: ImSenderExt) => (ext?.noble ? NOBLES.find((n) => n.tier === ext.noble)?.color : undefined);
