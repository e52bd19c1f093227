import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The inline confirmation of a staff action: what will happen, a reason (required unless
 * `optional`), confirm and cancel. The reason goes to the audit log with the action.
 */
export function ReasonForm({
  label,
  confirmLabel,
  danger,
  optional,
  pending,
  placeholderKey = 'ops.reasonPlaceholder',
  onConfirm,
  onCancel,
}: {
  label: string;
  confirmLabel: string;
  danger?: boolean;
  optional?: boolean;
  pending?: boolean;
  placeholderKey?: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('console');
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onConfirm(reason.trim());
  };
  return (
    <form className="cs-inline" onSubmit={submit} data-testid="reason-form">
      <span className="cs-inline__label">{label}</span>
      <input
        className="cs-input"
        name="reason"
        autoFocus
        maxLength={200}
        value={reason}
        placeholder={t(optional ? 'ops.reasonOptional' : placeholderKey)}
        aria-label={t('ops.reason')}
        onChange={(e) => setReason(e.target.value)}
      />
      <button type="submit" className={`cs-btn cs-btn--xs ${danger ? 'cs-btn--danger' : 'cs-btn--primary'}`} disabled={pending || (!optional && !reason.trim())}>
        {confirmLabel}
      </button>
      <button type="button" className="cs-btn cs-btn--xs" onClick={onCancel}>
        {t('ops.cancel')}
      </button>
    </form>
  );
}
