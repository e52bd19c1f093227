import { useTranslation } from 'react-i18next';
import { PAGE_LIMIT_MAX } from '@livesports/contracts/content';
import { FollowedRooms } from '@/features/live/components/followed-rooms';
import { usePeople } from '@/features/social/api/get-people';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconHeart } from '@/shared/ui/icons';
// Registers the server message catalogue (namespace 'msg') this page's texts use.
import '@/shared/i18n/messages';

// /attention: the anchors I follow (social feature) as their live rooms (live feature); the
// first page of follows (PAGE_LIMIT_MAX of them) is shown.
export function Component() {
  const { t } = useTranslation('live');
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const people = usePeople('following', { type: 1, page: 1, limit: PAGE_LIMIT_MAX }, islogin);
  return (
    <section className="page anchors" data-testid="attention-page">
      <header className="page__head">
        <h1 className="page__title">{t('attention.title')}</h1>
        <span className="page__sub">{t('attention.sub')}</span>
      </header>
      {islogin ? (
        <FollowedRooms anchorIds={(people.data?.list ?? []).map((p) => p.id)} loading={people.isPending} />
      ) : (
        <div className="card">
          <EmptyState
            icon={<IconHeart size={32} />}
            title={t('attention.loginTitle')}
            text={t('msg:auth.login_first')}
            action={<Button onClick={() => openLogin('login')}>{t('common:login')}</Button>}
          />
        </div>
      )}
    </section>
  );
}
