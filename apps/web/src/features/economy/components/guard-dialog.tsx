import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/stores/toast';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { Avatar } from '@/shared/ui/avatar';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { IconShield } from '@/shared/ui/icons';
import { useBuyGuard, useGuards } from '../api/guards';
import { newKey } from '../lib/keys';
import '../locales';
import '../economy.css';
import { Coins } from './coins';
import { GuardBadge } from './noble-badge';

/** "Guard this room": the plans, the room's guards, and buying or renewing (for the live room). */
export function GuardButton({ roomId }: { roomId: number }) {
  const { t } = useTranslation('economy');
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const [open, setOpen] = useState(false);
  const [plan, setPlan] = useState(2);
  const [key, setKey] = useState(newKey);
  const guards = useGuards(open ? roomId : undefined);
  const buy = useBuyGuard((msg) => {
    toast.success(msg);
    setKey(newKey());
  });
  const data = guards.data;
  return (
    <>
      <Button variant="outline" size="sm" icon={<IconShield />} onClick={() => (islogin ? setOpen(true) : openLogin('login'))} data-testid="guard-open">
        {t('guard.open')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('guard.title')} width={460} testId="guard-dialog">
        {data?.mine && (
          <p className="eco-note">
            <GuardBadge level={data.mine.level} /> {t('guard.mine', { date: new Date(data.mine.expires_at).toLocaleDateString() })}
          </p>
        )}
        <div className="eco-plans" role="radiogroup">
          {data?.plans.map((p) => (
            <button
              key={p.id}
              type="button"
              role="radio"
              aria-checked={plan === p.id}
              className={plan === p.id ? 'eco-plan is-active' : 'eco-plan'}
              onClick={() => setPlan(p.id)}
              style={{ '--guard': p.color } as React.CSSProperties}
            >
              <GuardBadge level={p.level} />
              <strong>{p.name}</strong>
              <span className="muted">{t('guard.days', { n: p.days })}</span>
              <Coins value={p.price} />
            </button>
          ))}
        </div>
        <div className="form-actions">
          <Button loading={buy.isPending} onClick={() => buy.mutate({ room_id: roomId, guard_id: plan, idempotency_key: key })} data-testid="guard-buy">
            {data?.mine ? t('guard.renew') : t('guard.buy')}
          </Button>
        </div>
        {!!data?.guards.length && (
          <ul className="eco-friends">
            {data.guards.slice(0, 8).map((g) => (
              <li key={g.id}>
                <Avatar src={g.avatar} size={24} />
                <GuardBadge level={g.level} />
                <span>{g.user_nickname}</span>
              </li>
            ))}
          </ul>
        )}
      </Dialog>
    </>
  );
}
