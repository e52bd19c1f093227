import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SANCTION_PRESETS } from '@livesports/contracts/chat-constants';
import { toast } from '@/shared/stores/toast';
import { useModerate } from '../api/moderation';
import { useReportChatLine } from '../api/report';
import { useChatFilters } from '../lib/chat-filters';
import type { RoomRole } from './chat-panel-types';

export interface MenuTarget {
  /** IM identifier: the decimal user id. */
  id: string;
  nick: string;
  role?: 'anchor' | 'admin';
  /** The line the name was clicked on (its room sequence number), which can be reported. */
  seq?: number;
}

const REPORT_REASONS = ['spam', 'abuse', 'illegal', 'other'] as const;

const KICK_PRESETS = [60, 1440] as const;

/**
 * What one can do to a person in the room, from their name in chat: write to them, hide their
 * messages (this browser only), and for the anchor and admins mute / kick, for the anchor naming
 * admins. The server checks every action again (an admin cannot touch the anchor or other admins).
 */
export function UserMenu({
  roomId,
  target,
  myRole,
  me,
  onDirect,
  children,
}: {
  roomId: number;
  target: MenuTarget;
  myRole: RoomRole | undefined;
  me: string | undefined;
  onDirect: (t: MenuTarget) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('chat');
  const { block, unblock } = useChatFilters();
  const blocked = useChatFilters((s) => s.blocked.some((b) => b.id === target.id));
  const m = useModerate(roomId);
  const report = useReportChatLine();
  const userId = Number(target.id);
  const self = target.id === me;
  const canModerate = !self && (myRole === 'anchor' || (myRole === 'admin' && !target.role));

  const run = async (p: Promise<unknown>, done: string) => {
    try {
      await p;
      toast.success(done);
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  const dur = (minutes: number) => t(`duration.${minutes}`);

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{children}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu chat-menu" sideOffset={4} align="start" data-testid="chat-user-menu">
          <DropdownMenu.Label className="menu__label">{target.nick}</DropdownMenu.Label>
          {me && !self && (
            <DropdownMenu.Item className="menu__item" data-testid="menu-direct" onSelect={() => onDirect(target)}>
              {t('menu.direct')}
            </DropdownMenu.Item>
          )}
          {!self && (
            <DropdownMenu.Item className="menu__item" data-testid="menu-block" onSelect={() => (blocked ? unblock(target.id) : block(target.id, target.nick))}>
              {t(blocked ? 'menu.unblock' : 'menu.block')}
            </DropdownMenu.Item>
          )}
          {me && !self && target.seq != null && (
            <DropdownMenu.Sub>
              <DropdownMenu.SubTrigger className="menu__item" data-testid="menu-report">
                {t('menu.report')}
              </DropdownMenu.SubTrigger>
              <DropdownMenu.Portal>
                <DropdownMenu.SubContent className="menu chat-menu" sideOffset={2}>
                  {REPORT_REASONS.map((reason) => (
                    <DropdownMenu.Item
                      key={reason}
                      className="menu__item"
                      data-testid={`menu-report-${reason}`}
                      onSelect={() => run(report.mutateAsync({ room_id: roomId, seq: target.seq!, reason, detail: '' }), t('done.reported'))}
                    >
                      {t(`menu.reportReasons.${reason}`)}
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.SubContent>
              </DropdownMenu.Portal>
            </DropdownMenu.Sub>
          )}
          {canModerate && (
            <>
              <DropdownMenu.Separator className="menu__sep" />
              {SANCTION_PRESETS.map((minutes) => (
                <DropdownMenu.Item
                  key={`m${minutes}`}
                  className="menu__item"
                  data-testid={`menu-mute-${minutes}`}
                  onSelect={() => run(m.mute.mutateAsync({ user_id: userId, minutes }), t('done.muted', { nick: target.nick, d: dur(minutes) }))}
                >
                  {t('menu.mute', { d: dur(minutes) })}
                </DropdownMenu.Item>
              ))}
              <DropdownMenu.Item className="menu__item" data-testid="menu-unmute" onSelect={() => run(m.mute.mutateAsync({ user_id: userId, minutes: 0 }), t('done.unmuted', { nick: target.nick }))}>
                {t('menu.unmute')}
              </DropdownMenu.Item>
              {KICK_PRESETS.map((minutes) => (
                <DropdownMenu.Item
                  key={`k${minutes}`}
                  className="menu__item menu__item--danger"
                  data-testid={`menu-kick-${minutes}`}
                  onSelect={() => run(m.kick.mutateAsync({ user_id: userId, minutes }), t('done.kicked', { nick: target.nick, d: dur(minutes) }))}
                >
                  {t('menu.kick', { d: dur(minutes) })}
                </DropdownMenu.Item>
              ))}
            </>
          )}
          {myRole === 'anchor' && !self && (
            <>
              <DropdownMenu.Separator className="menu__sep" />
              {target.role === 'admin' ? (
                <DropdownMenu.Item
                  className="menu__item"
                  data-testid="menu-admin-remove"
                  onSelect={() => run(m.setAdmin.mutateAsync({ user_id: userId, status: 0 }), t('done.adminRemoved', { nick: target.nick }))}
                >
                  {t('menu.adminRemove')}
                </DropdownMenu.Item>
              ) : (
                <DropdownMenu.Item
                  className="menu__item"
                  data-testid="menu-admin-set"
                  onSelect={() => run(m.setAdmin.mutateAsync({ user_id: userId, status: 1 }), t('done.adminSet', { nick: target.nick }))}
                >
                  {t('menu.adminSet')}
                </DropdownMenu.Item>
              )}
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
