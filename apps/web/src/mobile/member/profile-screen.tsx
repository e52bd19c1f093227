import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NICKNAME_MAX, SIGNATURE_MAX, type MemberInfo } from '@livesports/contracts/account';
import { MemberType } from '@/config/paths';
import { useMemberInfo } from '@/features/member/api/get-member-info';
import { updateInfoSchema, useUpdateInfo, type UpdateInfoInput } from '@/features/member/api/update-info';
import { LoginPasswordForm } from '@/features/member/components/login-password-form';
import { tMsg } from '@/shared/i18n/messages';
import { toast } from '@/shared/stores/toast';
import { Avatar } from '@/shared/ui/avatar';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Input, Textarea } from '@/shared/ui/input';
import { PageSpinner } from '@/shared/ui/spinner';
import { AvatarSheet } from './avatar-sheet';
import { mobileMemberPage } from './screens';
import { Chevron } from './section-screen';

type Errors = Partial<Record<'user_nickname' | 'signature' | 'sex', string>>;

/** Nickname, gender and signature, one field under another, the save button across the screen. */
function ProfileFields({ info }: { info: MemberInfo }) {
  const { t } = useTranslation('member');
  const [nickname, setNickname] = useState(info.user_nickname);
  const [signature, setSignature] = useState(info.signature);
  const [sex, setSex] = useState<0 | 1 | 2>(info.sex);
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useUpdateInfo((_d, msg) => toast.success(msg || t('msg:member.updated')));
  const changes: UpdateInfoInput = {};
  if (nickname.trim() !== info.user_nickname) changes.user_nickname = nickname;
  if (signature !== info.signature) changes.signature = signature;
  if (sex !== info.sex) changes.sex = sex;
  const dirty = Object.keys(changes).length > 0;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const r = updateInfoSchema.safeParse(changes);
    if (!r.success) {
      const next: Errors = {};
      for (const issue of r.error.issues) {
        const k = issue.path[0] as keyof Errors;
        if (!next[k]) next[k] = tMsg(issue.message);
      }
      return setErrors(next);
    }
    setErrors({});
    if (dirty) mutation.mutate(changes);
  }

  return (
    <form className="mm-form" onSubmit={onSubmit} noValidate>
      <Input
        label={t('fields.nickname')}
        value={nickname}
        maxLength={NICKNAME_MAX}
        enterKeyHint="next"
        onChange={(e) => setNickname(e.target.value)}
        error={errors.user_nickname}
        data-testid="member-nickname"
      />
      <div className="field">
        <span className="field__label" id="m-sex-label">
          {t('fields.gender')}
        </span>
        <div className="segmented mm-segmented" role="radiogroup" aria-labelledby="m-sex-label">
          {([0, 1, 2] as const).map((v) => (
            <button key={v} type="button" role="radio" aria-checked={sex === v} className={sex === v ? 'is-active' : ''} onClick={() => setSex(v)} data-testid={`member-sex-${v}`}>
              {t(`gender.${v}`)}
            </button>
          ))}
        </div>
      </div>
      <Textarea
        label={t('fields.signature')}
        value={signature}
        maxLength={SIGNATURE_MAX}
        rows={3}
        placeholder={t('placeholders.signature')}
        onChange={(e) => setSignature(e.target.value)}
        error={errors.signature}
        data-testid="member-signature"
      />
      <p className="field__hint">
        {signature.length}/{SIGNATURE_MAX}
      </p>
      <Button type="submit" size="lg" block loading={mutation.isPending} disabled={!dirty} data-testid="member-save">
        {t('save')}
      </Button>
    </form>
  );
}

/** /m/member?type=0: the avatar (tap: camera, gallery or preset), the facts, the profile and the login password. */
export function ProfileScreen() {
  const { t } = useTranslation(['m-member', 'member', 'common']);
  const { data: info, isLoading, isError, refetch } = useMemberInfo();
  const [sheet, setSheet] = useState(false);
  if (isLoading) return <PageSpinner />;
  if (isError || !info) return <EmptyState title={t('member:loadFailed')} text={t('member:loadFailedText')} action={<Button onClick={() => refetch()}>{t('common:retry')}</Button>} />;
  return (
    <div className="mm-stack" data-testid="member-profile">
      <div className="mm-card mm-profile-head">
        <button type="button" className="mm-avatar-btn" onClick={() => setSheet(true)} aria-label={t('avatar.change')} data-testid="m-avatar-change">
          <Avatar src={info.avatar} alt="" size={84} />
          <span className="mm-avatar-btn__hint">{t('avatar.tapToChange')}</span>
        </button>
        <dl className="mm-facts">
          <div>
            <dt>{t('member:facts.email')}</dt>
            <dd data-testid="member-email">{info.mobile}</dd>
          </div>
          <div>
            <dt>{t('member:facts.id')}</dt>
            <dd>{info.id}</dd>
          </div>
          <div>
            <dt>{t('member:facts.invite')}</dt>
            <dd>
              <code data-testid="member-invite-code">{info.invite_code}</code>
            </dd>
          </div>
        </dl>
      </div>
      <AvatarSheet open={sheet} onOpenChange={setSheet} current={info.avatar} />
      <section className="mm-card">
        <h2 className="mm-card__title">{t('member:sections.profile')}</h2>
        <ProfileFields key={`${info.user_nickname}|${info.signature}|${info.sex}`} info={info} />
      </section>
      <Link to={mobileMemberPage(MemberType.PAYMENT_PASSWORD)} className="mm-list__row mm-card" data-testid="m-member-pay-link">
        <span className="mm-list__label">{t('member:sections.payment')}</span>
        <span className={info.has_payment_password ? 'badge badge--ok' : 'badge'}>{info.has_payment_password ? t('member:pay.isSet') : t('member:pay.notSet')}</span>
        <Chevron />
      </Link>
      <section className="mm-card" id="login-password">
        <h2 className="mm-card__title">{t('member:sections.loginPassword')}</h2>
        <LoginPasswordForm hasPassword={info.has_password === 1} />
      </section>
    </div>
  );
}
