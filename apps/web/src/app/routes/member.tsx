import { lazy, Suspense } from 'react';
import { MemberType } from '@/config/paths';
import { MemberPage } from '@/features/member/pages/member';
import { FollowsPanel } from '@/features/social/components/follows-panel';
import '@/styles/member.css';
import '@/styles/community.css';
import { PageSpinner } from '@/shared/ui/spinner';

// The economy's panels load with their own chunk, only when one of their types is opened.
const economy = {
  wallet: lazy(() => import('@/features/economy/components/wallet-panel').then((m) => ({ default: m.WalletPanel }))),
  backpack: lazy(() => import('@/features/economy/components/backpack-panel').then((m) => ({ default: m.BackpackPanel }))),
  withdrawal: lazy(() => import('@/features/economy/components/withdrawal-panel').then((m) => ({ default: m.WithdrawalPanel }))),
  noble: lazy(() => import('@/features/economy/components/noble-panel').then((m) => ({ default: m.NoblePanel }))),
  invite: lazy(() => import('@/features/economy/components/invite-panel').then((m) => ({ default: m.InvitePanel }))),
};
// The live feature's panels: apply to be an anchor (7) and the anchor's studio (9).
const live = {
  apply: lazy(() => import('@/features/live/components/apply-anchor-panel').then((m) => ({ default: m.ApplyAnchorPanel }))),
  studio: lazy(() => import('@/features/live/components/broadcast-panel').then((m) => ({ default: m.BroadcastPanel }))),
};
// The replays feature's panel under the studio: recording on/off, each replay's size, hide, delete.
const myReplays = lazy(() => import('@/features/replays/components/my-replays-panel').then((m) => ({ default: m.MyReplaysPanel })));
const later = (Panel: React.ComponentType) => (
  <Suspense fallback={<PageSpinner />}>
    <Panel />
  </Suspense>
);

// /member?type=…: the member feature's area; "my follows" (type 3) comes from the social feature,
// wallet, backpack, withdrawal, noble and invite (1, 2, 4, 6, 8) from the economy feature.
export function Component() {
  return (
    <MemberPage
      panels={{
        [MemberType.FOLLOWS]: <FollowsPanel />,
        [MemberType.WALLET]: later(economy.wallet),
        [MemberType.BACKPACK]: later(economy.backpack),
        [MemberType.WITHDRAWAL]: later(economy.withdrawal),
        [MemberType.NOBLE]: later(economy.noble),
        [MemberType.INVITE]: later(economy.invite),
        [MemberType.APPLY_ANCHOR]: later(live.apply),
        [MemberType.BROADCAST_RECORD]: (
          <>
            {later(live.studio)}
            {later(myReplays)}
          </>
        ),
      }}
    />
  );
}
