import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MemberType, paths } from '@/config/paths';
import { useNobles } from '@/features/economy/api/nobles';
import { useWallet } from '@/features/economy/api/get-wallet';
import { Coins } from '@/features/economy/components/coins';
import { NobleBadge, WealthBadge } from '@/features/economy/components/noble-badge';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { useMemberInfo } from '@/features/member/api/get-member-info';
import { menuFor } from '@/features/member/components/member-menu';
import { useAuthStore } from '@/shared/stores/auth';
import { Avatar } from '@/shared/ui/avatar';
import { IconLogout } from '@/shared/ui/icons';
import { mobileMemberPage, splitEntries } from './screens';
import { Chevron } from './section-screen';

/** /m/member: the phone's "me" page — who I am, my coins, my perks, then every section as a big row or tile. */
export function MePage() {
  const { t } = useTranslation(['m-member', 'member', 'layout']);
  const user = useAuthStore((s) => s.user);
  const isAnchor = user?.is_anchor === 1;
  const info = useMemberInfo().data;
  const wallet = useWallet().data;
  const noble = useNobles().data?.mine ?? null;
  const logout = useLogout(paths.mobile);
  const me = info ?? user;
  const { grid, list } = splitEntries(menuFor(isAnchor));

  return (
    <div className="mm-me" data-testid="m-member-me">
      <Link to={mobileMemberPage(MemberType.PROFILE)} className="mm-me__card" data-testid="m-member-profile-card">
        <Avatar src={me?.avatar} alt="" size={64} className="mm-me__avatar" />
        <div className="mm-me__who">
          <strong className="mm-me__name" data-testid="m-member-nickname">
            {me?.user_nickname}
          </strong>
          <span className="mm-me__badges">
            {wallet && <WealthBadge level={wallet.wealth_level} />}
            {isAnchor && me && <span className="badge badge--accent">{t('me.anchorLevel', { level: me.level })}</span>}
            {noble && <NobleBadge tier={noble.tier} />}
          </span>
          <span className="mm-me__sig">{info?.signature || t('me.noSignature')}</span>
          <span className="mm-me__id">{me && t('me.id', { id: me.id })}</span>
        </div>
        <Chevron />
      </Link>

      <div className="mm-me__wallet">
        <Link to={mobileMemberPage(MemberType.WALLET, '&tab=consumption')} className="mm-me__coins" aria-label={t('me.coins')}>
          <span className="mm-me__coins-label">{t('me.coins')}</span>
          <strong data-testid="m-member-coins">
            <Coins value={wallet?.consumption ?? 0} />
          </strong>
        </Link>
        <Link to={mobileMemberPage(MemberType.WALLET, '&isRecharge=true')} className="mm-btn mm-btn--primary" data-testid="m-member-recharge">
          {t('me.recharge')}
        </Link>
      </div>
      <p className="mm-me__perk" data-testid="m-member-noble">
        {noble ? t('me.noble', { date: new Date(noble.expires_at).toLocaleDateString() }) : t('me.notNoble')} · {t('me.guards')}
      </p>

      <h2 className="mm-heading">{t('me.money')}</h2>
      <nav className="mm-grid" aria-label={t('me.money')}>
        {grid.map((e) => (
          <Link key={e.type} to={mobileMemberPage(e.type)} className="mm-grid__item" data-testid={`member-menu-${e.type}`}>
            <span className="mm-grid__icon">{e.icon}</span>
            <span>{t(`member:menu.${e.key}`)}</span>
          </Link>
        ))}
      </nav>

      <h2 className="mm-heading">{t('me.account')}</h2>
      <nav className="mm-list" aria-label={t('me.account')}>
        {list.map((e) => (
          <Link key={e.type} to={mobileMemberPage(e.type)} className="mm-list__row" data-testid={`member-menu-${e.type}`}>
            <span className="mm-list__icon">{e.icon}</span>
            <span className="mm-list__label">{t(`member:menu.${e.key}`)}</span>
            <Chevron />
          </Link>
        ))}
      </nav>

      <button type="button" className="mm-logout" onClick={logout} data-testid="header-logout">
        <IconLogout size={18} /> {t('layout:user.logout')}
      </button>
    </div>
  );
}
