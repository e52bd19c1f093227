import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MemberType, memberPage, type MemberTypeValue } from '@/config/paths';
import { useAuthStore } from '@/shared/stores/auth';
import { IconBox, IconCard, IconCrown, IconHeart, IconHistory, IconLock, IconMic, IconUser, IconUsers, IconWallet } from '@/shared/ui/icons';

export const MEMBER_MENU: { type: MemberTypeValue; key: string; icon: React.ReactNode; anchorOnly?: boolean; nonAnchorOnly?: boolean }[] = [
  { type: MemberType.PROFILE, key: 'profile', icon: <IconUser /> },
  { type: MemberType.WALLET, key: 'wallet', icon: <IconWallet /> },
  { type: MemberType.BACKPACK, key: 'backpack', icon: <IconBox /> },
  { type: MemberType.FOLLOWS, key: 'follows', icon: <IconHeart /> },
  { type: MemberType.APPLY_ANCHOR, key: 'applyAnchor', icon: <IconMic />, nonAnchorOnly: true },
  { type: MemberType.BROADCAST_RECORD, key: 'broadcastRecord', icon: <IconHistory />, anchorOnly: true },
  // Withdrawals take income out, and only anchors earn income (gifts to their room).
  { type: MemberType.WITHDRAWAL, key: 'withdrawal', icon: <IconCard />, anchorOnly: true },
  { type: MemberType.PAYMENT_PASSWORD, key: 'paymentPassword', icon: <IconLock /> },
  { type: MemberType.NOBLE, key: 'noble', icon: <IconCrown /> },
  { type: MemberType.INVITE, key: 'invite', icon: <IconUsers /> },
];

/** The entries a fan (or an anchor) has: a fan applies, an anchor has a studio and withdrawals. */
export const menuFor = (isAnchor: boolean) => MEMBER_MENU.filter((m) => (isAnchor ? !m.nonAnchorOnly : !m.anchorOnly));

/** The member area's left sub-menu, the entries of the viewer's role. */
export function MemberMenu({ active }: { active: number }) {
  const { t } = useTranslation('member');
  const isAnchor = useAuthStore((s) => s.user?.is_anchor === 1);
  return (
    <nav className="member-menu" aria-label={t('menu.label')}>
      <ul>
        {menuFor(isAnchor).map((item) => (
          <li key={item.type}>
            <Link
              to={memberPage(item.type)}
              className={active === item.type ? 'is-active' : undefined}
              aria-current={active === item.type ? 'page' : undefined}
              data-testid={`member-menu-${item.type}`}
            >
              {item.icon}
              <span>{t(`menu.${item.key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
