import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_REASONS } from '@livesports/contracts/content';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { useReport, type ReportInput } from '../api/report';

/** Reason and optional note for a report of a post, comment or headline. */
export function ReportDialog({ target, onClose }: { target: Pick<ReportInput, 'type' | 'id'> | null; onClose: () => void }) {
  const { t } = useTranslation('circle');
  const [reason, setReason] = useState<ReportInput['reason']>('spam');
  const [detail, setDetail] = useState('');
  const send = useReport((msg) => {
    toast.success(msg);
    setDetail('');
    onClose();
  });
  return (
    <Dialog open={!!target} onOpenChange={(o) => !o && onClose()} title={t('report.title')} closeLabel={t('close')} testId="report-dialog">
      <form
        className="report-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (target) send.mutate({ ...target, reason, detail });
        }}
      >
        <div className="report-form__reasons" role="radiogroup">
          {REPORT_REASONS.map((r) => (
            <label key={r} className="check">
              <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
              <span>{t(`report.reasons.${r}`)}</span>
            </label>
          ))}
        </div>
        <textarea className="field__input field__input--area report-form__detail" maxLength={200} value={detail} onChange={(e) => setDetail(e.target.value)} placeholder={t('report.detail')} />
        <Button type="submit" block loading={send.isPending} data-testid="report-submit">
          {t('report.send')}
        </Button>
      </form>
    </Dialog>
  );
}
