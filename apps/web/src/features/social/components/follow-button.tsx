import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FollowType, type FollowTypeValue } from '@livesports/contracts/social-constants';
import '../locales';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { useFollow } from '../api/follow';

export interface FollowButtonProps {
  uid: number;
  /** Follow as 1 anchor, 2 writer or 3 user. */
  type?: FollowTypeValue;
  followed: boolean;
  size?: 'sm' | 'md';
  /** After a change: the new state and the person's follower count (a room updates its header). */
  onChange?: (followed: boolean, fans: number) => void;
}

/** Follow / Following toggle. Guests get the login dialog; nobody follows themselves. */
export function FollowButton({ uid, type = FollowType.USER, followed, size = 'sm', onChange }: FollowButtonProps) {
  const { t } = useTranslation('social');
  const me = useAuthStore((s) => s.user?.id);
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const [on, setOn] = useState(followed);
  useEffect(() => setOn(followed), [followed]);
  const follow = useFollow((now, msg, fans) => {
    setOn(now);
    toast.success(msg);
    onChange?.(now, fans);
  });
  if (me === uid) return null;
  return (
    <Button
      size={size}
      variant={on ? 'secondary' : 'primary'}
      loading={follow.isPending}
      className={on ? 'follow-btn is-on' : 'follow-btn'}
      onClick={() => (islogin ? follow.mutate({ id: uid, type, attention: on ? 0 : 1 }) : openLogin('login'))}
      data-testid={`follow-${type}-${uid}`}
      aria-pressed={on}
    >
      {on ? t('following') : `+ ${t(`followAs.${type}`)}`}
    </Button>
  );
}
