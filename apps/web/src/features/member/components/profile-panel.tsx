import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/stores/toast';
import { Avatar } from '@/shared/ui/avatar';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageSpinner } from '@/shared/ui/spinner';
import { useMemberInfo } from '../api/get-member-info';
import { PaymentPasswordForm } from './payment-password-form';
import { LoginPasswordForm } from './login-password-form';
import { ProfileForm } from './profile-form';

function formatDate(iso: string, lang: string) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : lang, { year: 'numeric', month: 'long', day: 'numeric' }).format(d);
}

async function copy(text: string, ok: string, unsupported: string) {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    toast.success(ok);
  } catch {
    toast.error(unsupported);
  }
}

/** /member?type=0: the personal center. */
export function ProfilePanel() {
  const { t, i18n } = useTranslation('member');
  const { data: info, isLoading, isError, refetch } = useMemberInfo();
  if (isLoading) return <PageSpinner />;
  if (isError || !info) return <EmptyState title={t('loadFailed')} text={t('loadFailedText')} action={<Button onClick={() => refetch()}>{t('common:retry')}</Button>} />;

  return (
    <div className="member-panels">
      <section className="card profile-summary" data-testid="member-profile">
        <Avatar src={info.avatar} alt={info.user_nickname} size={72} />
        <div className="profile-summary__main">
          <h2 className="profile-summary__name">
            {info.user_nickname}
            {info.is_anchor === 1 && <span className="badge badge--accent">{t('anchor')}</span>}
            {info.is_anchor === 1 && <span className="badge">LV{info.level}</span>}
          </h2>
          <p className="profile-summary__sig">{info.signature || t('noSignature')}</p>
          <dl className="profile-summary__facts">
            <div>
              <dt>{t('facts.email')}</dt>
              <dd data-testid="member-email">{info.mobile}</dd>
            </div>
            <div>
              <dt>{t('facts.id')}</dt>
              <dd>{info.id}</dd>
            </div>
            <div>
              <dt>{t('facts.invite')}</dt>
              <dd>
                <code data-testid="member-invite-code">{info.invite_code}</code>{' '}
                <button type="button" className="link-btn link-btn--accent" onClick={() => copy(info.invite_code, t('copied'), t('copyUnsupported'))}>
                  {t('copy')}
                </button>
              </dd>
            </div>
            <div>
              <dt>{t('facts.created')}</dt>
              <dd>{formatDate(info.created_at, i18n.language)}</dd>
            </div>
            {info.is_anchor === 1 && (
              <div>
                <dt>{t('facts.exp')}</dt>
                <dd>{info.exp}</dd>
              </div>
            )}
          </dl>
        </div>
      </section>

      <section className="card">
        <h3 className="card__title">{t('sections.profile')}</h3>
        <ProfileForm key={`${info.user_nickname}|${info.signature}|${info.sex}|${info.avatar}`} info={info} />
      </section>

      <section className="card" id="payment-password">
        <h3 className="card__title">
          {t('sections.payment')}
          <span className={info.has_payment_password ? 'badge badge--ok' : 'badge'}>{info.has_payment_password ? t('pay.isSet') : t('pay.notSet')}</span>
        </h3>
        <PaymentPasswordForm hasPassword={info.has_payment_password === 1} />
      </section>

      <section className="card" id="login-password">
        <h3 className="card__title">{t('sections.loginPassword')}</h3>
        <LoginPasswordForm hasPassword={info.has_password === 1} />
      </section>
    </div>
  );
}

/** /member?type=5: payment password on its own. */
export function PaymentPasswordPanel() {
  const { t } = useTranslation('member');
  const { data: info, isLoading, isError } = useMemberInfo();
  if (isLoading) return <PageSpinner />;
  if (isError || !info) return <EmptyState title={t('loadFailed')} text={t('loadFailedText')} />;
  return (
    <section className="card">
      <h3 className="card__title">
        {t('sections.payment')}
        <span className={info.has_payment_password ? 'badge badge--ok' : 'badge'}>{info.has_payment_password ? t('pay.isSet') : t('pay.notSet')}</span>
      </h3>
      <PaymentPasswordForm hasPassword={info.has_payment_password === 1} />
    </section>
  );
}
