import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type Application, ApplicationStatus, applicationInput, applicationState } from '@livesports/contracts/live-anchor';
import { MemberType, memberPage, paths } from '@/config/paths';
import { request } from '@/shared/api/client';
import { tMsg } from '@/shared/i18n/messages';
import { useAuthStore } from '@/shared/stores/auth';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { Input, Textarea } from '@/shared/ui/input';
import { IconCheck, IconClose, IconMic } from '@/shared/ui/icons';
import { PageSpinner } from '@/shared/ui/spinner';
import { useApplication, useSubmitApplication } from '../api/application';
import '../locales';
import '../live.css';
import { userInfo } from '@/shared/api/call-refs';

type Field = 'real_name' | 'id_number' | 'live_type' | 'experience' | 'contact' | 'introduction' | 'agreement' | 'inviter' | 'invite_code';
const EMPTY = { real_name: '', id_number: '', live_type: '', experience: '', contact: '', introduction: '', inviter: '', invite_code: '', agreement: false };
type Form = typeof EMPTY;

/** A rejected application's answers, to correct and send again (the agreement is ticked anew). */
const answersOf = (a: Application): Form => ({
  real_name: a.real_name,
  id_number: a.id_number,
  live_type: String(a.live_type),
  experience: a.experience,
  contact: a.contact,
  introduction: a.introduction,
  inviter: a.inviter,
  invite_code: a.invite_code,
  agreement: false,
});

/** Submitted → under review → approved (or rejected), as three steps, and the state in words. */
function Steps({ status }: { status: number }) {
  const { t } = useTranslation('live');
  const rejected = status === ApplicationStatus.REJECTED;
  const steps = [
    { key: 'submitted', done: status >= 0 },
    { key: 'review', done: status >= 1 },
    rejected ? { key: 'rejected', done: true } : { key: 'approved', done: status === ApplicationStatus.APPROVED },
  ];
  const current = rejected ? 2 : status;
  return (
    <>
      <ol className="steps" data-testid="apply-steps">
        {steps.map((s, i) => (
          <li key={s.key} className={['steps__item', s.done && 'is-done', current === i && 'is-current', s.key === 'rejected' && 'is-rejected'].filter(Boolean).join(' ')}>
            <span className="steps__dot">{s.key === 'rejected' ? <IconClose size={14} /> : s.done ? <IconCheck size={14} /> : i + 1}</span>
            <span>{t(`apply.steps.${s.key}`)}</span>
          </li>
        ))}
      </ol>
      {status >= 0 && (
        <p className="apply-state" data-testid="apply-state">
          {t('apply.stateLabel')} <strong className={`apply-state__value apply-state__value--${applicationState(status)}`}>{t(`apply.state.${applicationState(status)}`)}</strong>
        </p>
      )}
    </>
  );
}

/** /member?type=7: apply to become an anchor, then follow the application's state. */
export function ApplyAnchorPanel() {
  const { t } = useTranslation('live');
  const user = useAuthStore((s) => s.user);
  const setUser = useAuthStore((s) => s.setUser);
  const app = useApplication();
  // Null until the viewer types: the form shows a rejected application's answers (or nothing) until then.
  const [edited, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [editing, setEditing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmitApplication((msg) => {
    toast.success(msg);
    setEditing(false);
    setForm(null);
  });

  // Approved while the page is open: refresh the stored user, so the header shows the anchor.
  const approved = app.data?.status === ApplicationStatus.APPROVED || app.data?.is_anchor === 1;
  useEffect(() => {
    if (approved && user && user.is_anchor !== 1) void request(userInfo, {}).then(setUser);
  }, [approved, user, setUser]);

  if (app.isPending) return <PageSpinner />;
  const info = app.data;
  if (!info) return null;

  if (user?.is_anchor === 1 || info.is_anchor === 1) {
    return (
      <div className="card apply-done" data-testid="apply-approved">
        <Steps status={ApplicationStatus.APPROVED} />
        <h2 className="apply-done__title">{t('apply.approvedTitle')}</h2>
        <p className="muted">{t('apply.approvedText')}</p>
        <Link to={memberPage(MemberType.BROADCAST_RECORD)} className="btn btn--primary btn--md" data-testid="apply-go-broadcast">
          <span>{t('apply.goBroadcast')}</span>
        </Link>
      </div>
    );
  }

  const pending = info.status === ApplicationStatus.SUBMITTED || info.status === ApplicationStatus.UNDER_REVIEW;
  if (pending && !editing) {
    const a = info.application!;
    return (
      <div className="card" data-testid={info.status === 0 ? 'apply-submitted' : 'apply-review'}>
        <Steps status={info.status} />
        <h2 className="card__title">{info.status === 0 ? t('apply.submittedTitle') : t('apply.reviewTitle')}</h2>
        <p className="muted">{info.status === 0 ? t('apply.submittedText') : t('apply.reviewText')}</p>
        <dl className="apply-summary">
          <dt>{t('apply.realName')}</dt>
          <dd>{a.real_name}</dd>
          <dt>{t('apply.idNumber')}</dt>
          <dd>{a.id_number}</dd>
          <dt>{t('apply.liveType')}</dt>
          <dd>{t(`types.${a.live_type}`)}</dd>
          <dt>{t('apply.contact')}</dt>
          <dd>{a.contact}</dd>
        </dl>
      </div>
    );
  }

  const rejected = info.status === ApplicationStatus.REJECTED;
  const form = edited ?? (rejected && info.application ? answersOf(info.application) : EMPTY);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setForm({ ...form, [k]: v });
    // A corrected field loses its message at once; the others keep theirs until the next try.
    if (errors[k as Field]) setErrors((e) => ({ ...e, [k]: undefined }));
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    // The contract's own schema: the same messages the server would answer, before sending.
    // Every field that fails is flagged at once (its first message), not just the first one.
    const parsed = applicationInput.safeParse(form);
    if (!parsed.success) {
      const all: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        all[field] ??= tMsg(issue.message);
      }
      setErrors(all);
      // Take the viewer to the first flagged field once the messages are drawn.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    submit.mutate({ ...form, live_type: Number(form.live_type) });
  }

  return (
    <form ref={formRef} className="card apply-form" onSubmit={onSubmit} noValidate data-testid="apply-form">
      <div className="apply-form__intro">
        <IconMic size={22} />
        <div>
          <h2 className="card__title">{t('apply.formTitle')}</h2>
          <p className="muted">{info.open ? t('apply.formText') : t('msg:live.applications_closed')}</p>
        </div>
      </div>
      {rejected && (
        <>
          <Steps status={info.status} />
          <p className="notice notice--danger" data-testid="apply-rejected">
            {t('apply.rejected')} {info.application?.reason && <strong>{info.application.reason}</strong>}
          </p>
        </>
      )}
      <div className="form-grid form-grid--2">
        <Input label={t('apply.realName')} value={form.real_name} onChange={(e) => set('real_name', e.target.value)} error={errors.real_name} maxLength={30} data-testid="apply-real-name" />
        <Input label={t('apply.idNumber')} value={form.id_number} onChange={(e) => set('id_number', e.target.value)} error={errors.id_number} maxLength={30} data-testid="apply-id-number" />
        <div className={['field', errors.live_type && 'field--error'].filter(Boolean).join(' ')}>
          <label className="field__label" htmlFor="apply-live-type">
            {t('apply.liveType')}
          </label>
          <div className="field__control">
            <select
              id="apply-live-type"
              className="field__input"
              aria-invalid={!!errors.live_type || undefined}
              value={form.live_type}
              onChange={(e) => set('live_type', e.target.value)}
              data-testid="apply-live-type"
            >
              <option value="">{t('apply.choose')}</option>
              {[1, 2, 3, 4].map((ty) => (
                <option key={ty} value={ty}>
                  {t(`types.${ty}`)}
                </option>
              ))}
            </select>
          </div>
          {errors.live_type && (
            <p className="field__error" role="alert">
              {errors.live_type}
            </p>
          )}
        </div>
        <Input
          label={t('apply.contact')}
          value={form.contact}
          onChange={(e) => set('contact', e.target.value)}
          error={errors.contact}
          maxLength={100}
          placeholder={t('apply.contactHint')}
          data-testid="apply-contact"
        />
      </div>
      <Textarea
        label={t('apply.experience')}
        rows={3}
        value={form.experience}
        onChange={(e) => set('experience', e.target.value)}
        error={errors.experience}
        maxLength={500}
        data-testid="apply-experience"
      />
      <Textarea
        label={t('apply.introduction')}
        rows={3}
        value={form.introduction}
        onChange={(e) => set('introduction', e.target.value)}
        error={errors.introduction}
        maxLength={500}
        data-testid="apply-introduction"
      />
      <div className="form-grid form-grid--2">
        <Input label={t('apply.inviter')} value={form.inviter} onChange={(e) => set('inviter', e.target.value)} error={errors.inviter} maxLength={30} data-testid="apply-inviter" />
        <Input label={t('apply.inviteCode')} value={form.invite_code} onChange={(e) => set('invite_code', e.target.value)} error={errors.invite_code} maxLength={32} data-testid="apply-invite-code" />
      </div>
      <label className="check apply-form__agree">
        <input type="checkbox" aria-invalid={!!errors.agreement || undefined} checked={form.agreement} onChange={(e) => set('agreement', e.target.checked)} data-testid="apply-agreement" />
        <span>
          {t('apply.agreePrefix')}{' '}
          <Link to={paths.aboutUser} target="_blank">
            {t('apply.agreement')}
          </Link>
        </span>
      </label>
      {errors.agreement && (
        <p className="field__error" role="alert">
          {errors.agreement}
        </p>
      )}
      <div className="form-actions">
        <Button type="submit" loading={submit.isPending} disabled={!info.open} data-testid="apply-submit">
          {t('apply.submit')}
        </Button>
      </div>
    </form>
  );
}
