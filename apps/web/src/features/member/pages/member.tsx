import { useEffect, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MemberType, memberPage } from '@/config/paths';
import '@/shared/i18n/messages';
import '../locales';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageSpinner } from '@/shared/ui/spinner';
import { IconLock } from '@/shared/ui/icons';
import { MEMBER_MENU, MemberMenu } from '../components/member-menu';
import { PaymentPasswordPanel, ProfilePanel } from '../components/profile-panel';
import { SanctionNotice } from '../components/sanction-notice';

/** /member?type=…: the member area. Logged-out visitors get the login dialog. */
/** `panels`: sections other features provide, by type (placed by the route, e.g. follows). */
export function MemberPage({ panels = {} }: { panels?: Partial<Record<number, ReactNode>> }) {
  const { t } = useTranslation('member');
  const [params] = useSearchParams();
  const raw = Number(params.get('type') ?? 0);
  const item = MEMBER_MENU.find((m) => m.type === raw) ?? MEMBER_MENU[0];
  const islogin = useAuthStore((s) => s.islogin);
  const user = useAuthStore((s) => s.user);
  const openLogin = useLoginDialog((s) => s.openLogin);

  useEffect(() => {
    if (!islogin) openLogin('login');
  }, [islogin, openLogin]);

  if (!islogin) {
    return (
      <section className="page page--narrow">
        <div className="card">
          <EmptyState icon={<IconLock size={40} />} title={t('loginRequired')} text={t('msg:auth.login_first')} action={<Button onClick={() => openLogin('login')}>{t('common:login')}</Button>} />
        </div>
      </section>
    );
  }

  // Withdrawals take out anchor income; a fan who lands there (an old link) gets the wallet. The
  // role is known once the user's info has come (fetched after the first paint): until then wait,
  // or an anchor's direct link would be sent to the wallet.
  if (item.type === MemberType.WITHDRAWAL && !user) return <PageSpinner />;
  if (item.type === MemberType.WITHDRAWAL && user?.is_anchor !== 1) return <Navigate to={memberPage(MemberType.WALLET)} replace />;
  const title = t(`menu.${item.key}`);
  return (
    <section className="page member">
      <aside className="member__aside">
        <MemberMenu active={item.type} />
      </aside>
      <div className="member__main">
        <header className="page__head">
          <h1 className="page__title">{title}</h1>
        </header>
        <SanctionNotice />
        {panels[item.type] ??
          (item.type === MemberType.PROFILE ? (
            <ProfilePanel />
          ) : item.type === MemberType.PAYMENT_PASSWORD ? (
            <PaymentPasswordPanel />
          ) : (
            <div className="card">
              <EmptyState title={t('comingSoonTitle', { name: title })} text={t(`soon.${item.key}`)} />
            </div>
          ))}
      </div>
    </section>
  );
}
