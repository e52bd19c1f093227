import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '@/shared/api/client';
import { useAuthStore } from '@/shared/stores/auth';
import { toast } from '@/shared/stores/toast';
import { IconAlert } from '@/shared/ui/icons';
import '../manage.css';
import { reportRoom } from '@/shared/api/call-refs';

const REASONS = ['spam', 'abuse', 'illegal', 'other'] as const;

/** A flag beside the room's chat: signed-in viewers report the room to the site's moderators (api/report/room). */
export function ReportRoomButton({ roomId }: { roomId: number }) {
  const { t } = useTranslation('chat');
  const user = useAuthStore((s) => s.user);
  const islogin = useAuthStore((s) => s.islogin);
  const send = useMutation({ mutationFn: (reason: (typeof REASONS)[number]) => request(reportRoom, { room_id: roomId, reason, detail: '' }) });
  if (!islogin || user?.id === roomId) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="manage-btn" data-testid="report-room" aria-label={t('menu.reportRoom')} title={t('menu.reportRoom')}>
          <IconAlert size={16} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu chat-menu" sideOffset={4} align="end">
          <DropdownMenu.Label className="menu__label">{t('menu.reportRoom')}</DropdownMenu.Label>
          {REASONS.map((reason) => (
            <DropdownMenu.Item
              key={reason}
              className="menu__item"
              data-testid={`report-room-${reason}`}
              onSelect={() =>
                send.mutateAsync(reason).then(
                  () => toast.success(t('done.reported')),
                  () => undefined,
                )
              }
            >
              {t(`menu.reportReasons.${reason}`)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
