import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { MemberType, type MemberTypeValue } from '@/config/paths';
import { PaymentPasswordPanel } from '@/features/member/components/profile-panel';
import { FollowsPanel } from '@/features/social/components/follows-panel';
import { PageSpinner } from '@/shared/ui/spinner';
import { ProfileScreen } from './profile-screen';

// The desktop's own panels where they already stack on a phone (m-member.css gives them the
// thumb's sizes); the profile and the wallet have phone screens of their own. Each economy,
// live and replays panel loads with its own chunk, only when its section is opened.
const lazyPanel = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) => lazy(() => load().then((m) => ({ default: pick(m) })));
const Wallet = lazyPanel(
  () => import('./wallet-screen'),
  (m) => m.WalletScreen,
);
const Backpack = lazyPanel(
  () => import('@/features/economy/components/backpack-panel'),
  (m) => m.BackpackPanel,
);
const Withdrawal = lazyPanel(
  () => import('@/features/economy/components/withdrawal-panel'),
  (m) => m.WithdrawalPanel,
);
const Noble = lazyPanel(
  () => import('@/features/economy/components/noble-panel'),
  (m) => m.NoblePanel,
);
const Invite = lazyPanel(
  () => import('@/features/economy/components/invite-panel'),
  (m) => m.InvitePanel,
);
const Apply = lazyPanel(
  () => import('@/features/live/components/apply-anchor-panel'),
  (m) => m.ApplyAnchorPanel,
);
const Studio = lazyPanel(
  () => import('@/features/live/components/broadcast-panel'),
  (m) => m.BroadcastPanel,
);
const MyReplays = lazyPanel(
  () => import('@/features/replays/components/my-replays-panel'),
  (m) => m.MyReplaysPanel,
);

const later = (Panel: ComponentType) => (
  <Suspense fallback={<PageSpinner />}>
    <Panel />
  </Suspense>
);

/** The content of a member section's phone screen, by ?type=. */
export function sectionContent(type: MemberTypeValue): ReactNode {
  switch (type) {
    case MemberType.PROFILE:
      return <ProfileScreen />;
    case MemberType.WALLET:
      return later(Wallet);
    case MemberType.BACKPACK:
      return later(Backpack);
    case MemberType.FOLLOWS:
      return <FollowsPanel />;
    case MemberType.WITHDRAWAL:
      return later(Withdrawal);
    case MemberType.PAYMENT_PASSWORD:
      return <PaymentPasswordPanel />;
    case MemberType.NOBLE:
      return later(Noble);
    case MemberType.APPLY_ANCHOR:
      return later(Apply);
    case MemberType.INVITE:
      return later(Invite);
    case MemberType.BROADCAST_RECORD:
      return (
        <>
          {later(Studio)}
          {later(MyReplays)}
        </>
      );
  }
}
