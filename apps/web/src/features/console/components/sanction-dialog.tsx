import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SANCTION_REASON_MAX, SANCTION_UNITS, type ConsoleUserDetail, type Sanction, type SanctionKind, type SanctionUnit } from '@livesports/contracts/console-users';
import { tMsg } from '@/shared/i18n/messages';
import { toast } from '@/shared/stores/toast';
import { Dialog } from '@/shared/ui/dialog';
import { liftInputSchema, useLiftSanction } from '../api/lift-sanction';
import { sanctionInputSchema, useSanctionUser } from '../api/sanction-user';

/** Mute or ban a user: kind, duration (minutes, hours, days or permanent) and the reason they will read. */
export function SanctionDialog({ user, kind: initial, onClose }: { user: ConsoleUserDetail; kind: SanctionKind; onClose: () => void }) {
  const { t } = useTranslation('console-users');
  const [kind, setKind] = useState<SanctionKind>(initial);
  const [unit, setUnit] = useState<SanctionUnit>('hours');
  const [duration, setDuration] = useState('24');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const running = user.sanctions.find((s) => s.kind === kind);
  const mutation = useSanctionUser({
    onSuccess: (msg) => {
      toast.success(msg);
      onClose();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = { id: user.id, kind, unit, duration: unit === 'permanent' ? undefined : duration, reason };
    const parsed = sanctionInputSchema.safeParse(input);
    if (!parsed.success) return setError(tMsg(parsed.error.issues[0]?.message));
    setError(null);
    mutation.mutate(input, { onError: (err) => setError(err.message) });
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t('dialog.title', { name: user.nickname })} width={460} className="cs-dialog" testId="sanction-dialog">
      <form className="cs-form" onSubmit={submit}>
        <fieldset className="cs-form__group">
          <legend>{t('dialog.kind')}</legend>
          {(['mute', 'ban'] as const).map((k) => (
            <label key={k} className={`cs-radio${(k === 'ban' ? user.can.ban : user.can.mute) ? '' : ' is-disabled'}`}>
              <input type="radio" name="kind" value={k} checked={kind === k} disabled={k === 'ban' ? !user.can.ban : !user.can.mute} onChange={() => setKind(k)} />
              <span>{t(`dialog.kinds.${k}`)}</span>
            </label>
          ))}
          {!user.can.ban && <p className="cs-muted cs-small">{t('dialog.banAdminOnly')}</p>}
        </fieldset>
        <div className="cs-form__group">
          <span className="cs-form__label">{t('dialog.duration')}</span>
          <div className="cs-form__row">
            <input
              className="cs-input cs-input--num"
              type="number"
              name="duration"
              min={1}
              value={unit === 'permanent' ? '' : duration}
              disabled={unit === 'permanent'}
              onChange={(e) => setDuration(e.target.value)}
              aria-label={t('dialog.duration')}
            />
            <select className="cs-select" name="unit" value={unit} onChange={(e) => setUnit(e.target.value as SanctionUnit)} aria-label={t('dialog.duration')}>
              {SANCTION_UNITS.map((x) => (
                <option key={x} value={x}>
                  {t(`dialog.units.${x}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <label className="cs-form__group">
          <span className="cs-form__label">{t('dialog.reason')}</span>
          <textarea className="cs-textarea" name="reason" value={reason} maxLength={SANCTION_REASON_MAX + 20} onChange={(e) => setReason(e.target.value)} />
        </label>
        {running && <p className="cs-muted cs-small">{t('dialog.replaces', { kind: t(`sanctions.kind.${kind}`) })}</p>}
        {error && (
          <p className="cs-error" role="alert" data-testid="sanction-error">
            {error}
          </p>
        )}
        <div className="cs-form__actions">
          <button type="button" className="cs-btn" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className="cs-btn cs-btn--danger" disabled={mutation.isPending} data-testid="sanction-submit">
            {t('dialog.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Ends a running sanction early, with the reason kept in the audit log. */
export function LiftDialog({ sanction, onClose }: { sanction: Sanction; onClose: () => void }) {
  const { t } = useTranslation('console-users');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useLiftSanction({
    onSuccess: (msg) => {
      toast.success(msg);
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = { sanction_id: sanction.id, reason };
    const parsed = liftInputSchema.safeParse(input);
    if (!parsed.success) return setError(tMsg(parsed.error.issues[0]?.message));
    setError(null);
    mutation.mutate(input, { onError: (err) => setError(err.message) });
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t('lift.title', { kind: t(`sanctions.kind.${sanction.kind}`) })} width={420} className="cs-dialog" testId="lift-dialog">
      <form className="cs-form" onSubmit={submit}>
        <p className="cs-muted cs-small">{sanction.reason}</p>
        <label className="cs-form__group">
          <span className="cs-form__label">{t('lift.reason')}</span>
          <textarea className="cs-textarea" name="reason" value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
        {error && (
          <p className="cs-error" role="alert">
            {error}
          </p>
        )}
        <div className="cs-form__actions">
          <button type="button" className="cs-btn" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className="cs-btn cs-btn--primary" disabled={mutation.isPending} data-testid="lift-submit">
            {t('lift.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
