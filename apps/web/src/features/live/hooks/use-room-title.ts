import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useMetaT } from '@/shared/i18n/meta';

/** A room's tab title and meta description once its info is in (desktop and phone rooms alike). */
export function useRoomTitle(anchor: { nickname: string; title: string } | undefined) {
  const tm = useMetaT();
  useDocumentTitle(anchor ? `${anchor.nickname} · ${anchor.title}` : undefined, {
    description: anchor && tm ? tm('room', { nickname: anchor.nickname, title: anchor.title }) : null,
  });
}
