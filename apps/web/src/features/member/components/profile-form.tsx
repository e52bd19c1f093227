import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NICKNAME_MAX, SIGNATURE_MAX, type MemberInfo } from '@livesports/contracts/account';
import { tMsg } from '@/shared/i18n/messages';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { Input, Textarea } from '@/shared/ui/input';
import { updateInfoSchema, useUpdateInfo, type UpdateInfoInput } from '../api/update-info';
import { AvatarPicker } from './avatar-picker';

type Errors = Partial<Record<'user_nickname' | 'signature' | 'sex' | 'avatar', string>>;

/** Edit nickname, signature, gender and avatar (api/member/updateInfo). */
export function ProfileForm({ info }: { info: MemberInfo }) {
  const { t } = useTranslation('member');
  const [nickname, setNickname] = useState(info.user_nickname);
  const [signature, setSignature] = useState(info.signature);
  const [sex, setSex] = useState<0 | 1 | 2>(info.sex);
  const [avatar, setAvatar] = useState(info.avatar);
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useUpdateInfo((_d, msg) => toast.success(msg || t('msg:member.updated')));

  const changes: UpdateInfoInput = {};
  if (nickname.trim() !== info.user_nickname) changes.user_nickname = nickname;
  if (signature !== info.signature) changes.signature = signature;
  if (sex !== info.sex) changes.sex = sex;
  if (avatar !== info.avatar) changes.avatar = avatar;
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
      setErrors(next);
      return;
    }
    setErrors({});
    if (!dirty) {
      toast.info(t('msg:member.nothing_to_update'));
      return;
    }
    mutation.mutate(changes);
  }

  return (
    <form className="profile-form" onSubmit={onSubmit} noValidate>
      <div className="form-grid">
        <Input label={t('fields.nickname')} value={nickname} maxLength={NICKNAME_MAX} onChange={(e) => setNickname(e.target.value)} error={errors.user_nickname} data-testid="member-nickname" />
        <div className="field">
          <span className="field__label" id="sex-label">
            {t('fields.gender')}
          </span>
          <div className="segmented" role="radiogroup" aria-labelledby="sex-label">
            {([0, 1, 2] as const).map((v) => (
              <button key={v} type="button" role="radio" aria-checked={sex === v} className={sex === v ? 'is-active' : ''} onClick={() => setSex(v)} data-testid={`member-sex-${v}`}>
                {t(`gender.${v}`)}
              </button>
            ))}
          </div>
          {errors.sex && <p className="field__error">{errors.sex}</p>}
        </div>
      </div>
      <Textarea
        label={t('fields.signature')}
        value={signature}
        maxLength={SIGNATURE_MAX}
        rows={2}
        placeholder={t('placeholders.signature')}
        onChange={(e) => setSignature(e.target.value)}
        error={errors.signature}
        data-testid="member-signature"
      />
      <p className="field__hint">
        {signature.length}/{SIGNATURE_MAX}
      </p>
      <div className="field">
        <span className="field__label">{t('fields.avatar')}</span>
        <AvatarPicker value={avatar} onChange={setAvatar} />
        {errors.avatar && <p className="field__error">{errors.avatar}</p>}
      </div>
      <div className="form-actions">
        <Button type="submit" loading={mutation.isPending} disabled={!dirty} data-testid="member-save">
          {t('save')}
        </Button>
        {dirty && (
          <Button
            variant="ghost"
            onClick={() => {
              setNickname(info.user_nickname);
              setSignature(info.signature);
              setSex(info.sex);
              setAvatar(info.avatar);
              setErrors({});
            }}
          >
            {t('reset')}
          </Button>
        )}
      </div>
    </form>
  );
}
