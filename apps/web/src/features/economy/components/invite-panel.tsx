import { useTranslation } from 'react-i18next';
import { formatCoins } from '@livesports/contracts/economy';
import { currentLanguage } from '@/shared/i18n';
import { toast } from '@/shared/stores/toast';
import { Avatar } from '@/shared/ui/avatar';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { IconCheck, IconGift } from '@/shared/ui/icons';
import { useInviteClaim, useInviteInfo } from '../api/invites';
import '../locales';
import '../economy.css';
import { NobleBadge } from './noble-badge';
// Registers the server message catalogue (namespace 'msg') this file's texts use.
import '@/shared/i18n/messages';

async function copy(text: string, ok: string, fail: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(ok);
  } catch {
    // Spec §8: 'This browser does not support automatic copying'.
    toast.error(fail);
  }
}

/** /member?type=8: invite code and link, noble rewards at 1/3/5/20/50 friends, the shared bonus pool. */
export function InvitePanel() {
  const { t } = useTranslation('economy');
  const info = useInviteInfo();
  const claim = useInviteClaim((msg) => toast.success(msg));
  if (info.isLoading || !info.data) return <Spinner />;
  const d = info.data;
  const due = d.tiers.some((x) => x.reached && !x.claimed) || d.gifts_unclaimed > 0 || (d.bonus && !d.bonus.claimed);
  const poolPct = d.pool.cap ? Math.min(100, (d.pool.granted / d.pool.cap) * 100) : 100;
  const next = d.tiers.find((x) => !x.reached);
  return (
    <div className="eco-stack" data-testid="invite-panel">
      <div className="card eco-invite-hero">
        <div>
          <span className="muted">{t('invite.code')}</span>
          <div className="eco-invite-code" data-testid="invite-code">
            {d.invite_code}
          </div>
          <div className="eco-invite-link">
            <input readOnly value={d.invite_url} aria-label={t('invite.link')} onFocus={(e) => e.target.select()} />
            <Button size="sm" onClick={() => copy(d.invite_url, t('invite.copied'), t('invite.copyUnsupported'))}>
              {t('invite.copy')}
            </Button>
          </div>
        </div>
        <div className="eco-invite-count">
          <strong data-testid="invite-friends">{d.friends}</strong>
          <span className="muted">{t('invite.friends')}</span>
          {next && <span className="muted">{t('invite.next', { n: next.friends - d.friends, name: t(`msg:economy.noble_${next.tier}`) })}</span>}
        </div>
      </div>

      <div className="card">
        <h3 className="card__title">{t('invite.rewards')}</h3>
        <ol className="eco-ladder">
          {d.tiers.map((x) => (
            <li key={x.tier} className={x.claimed ? 'is-claimed' : x.reached ? 'is-reached' : undefined}>
              <span className="eco-ladder__n">{t('invite.nFriends', { count: x.friends })}</span>
              <NobleBadge tier={x.tier} />
              <span className="muted">{t('invite.month')}</span>
              {x.claimed && <IconCheck />}
            </li>
          ))}
        </ol>
        <p className="muted eco-note">{t('invite.giftPerFriend', { n: d.gifts_unclaimed })}</p>
        {d.bonus && (
          <p className="eco-note" data-testid="invite-bonus">
            {t('invite.bonus', { name: d.bonus.inviter.user_nickname, coins: formatCoins(d.bonus.amount, currentLanguage()) })}
            {d.bonus.claimed && <span className="muted"> · {t('invite.claimed')}</span>}
          </p>
        )}
        <div className="form-actions">
          <Button icon={<IconGift />} disabled={!due} loading={claim.isPending} onClick={() => claim.mutate()} data-testid="invite-claim">
            {due ? t('invite.claim') : t('invite.nothing')}
          </Button>
        </div>
      </div>

      <div className="card">
        <h3 className="card__title">{t('invite.pool')}</h3>
        <div className="eco-meter">
          <div className="eco-meter__bar">
            <span style={{ width: `${poolPct}%` }} />
          </div>
          <span className="muted">{t('invite.poolLeft', { left: formatCoins(Math.max(0, d.pool.cap - d.pool.granted), currentLanguage()), cap: formatCoins(d.pool.cap, currentLanguage()) })}</span>
        </div>
      </div>

      {d.recent.length > 0 && (
        <div className="card">
          <h3 className="card__title">{t('invite.recent')}</h3>
          <ul className="eco-friends">
            {d.recent.map((f) => (
              <li key={f.id}>
                <Avatar src={f.avatar} size={28} />
                <span>{f.user_nickname}</span>
                <span className="muted">{new Date(f.created_at).toLocaleDateString()}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
