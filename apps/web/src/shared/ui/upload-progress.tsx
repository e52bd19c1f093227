import type { UploadStatus } from '../hooks/use-upload';

export interface UploadProgressProps {
  status: UploadStatus;
  percent: number;
  sent: number;
  total: number;
  labels: { pause: string; resume: string; cancel: string; paused: string; done: string };
  onPause?: () => void;
  onResume?: () => void;
  onCancel?: () => void;
  testId?: string;
}

const mb = (n: number) => (n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0);

/** A progress bar for a resumable upload, with pause / resume / cancel. */
export function UploadProgress({ status, percent, sent, total, labels, onPause, onResume, onCancel, testId }: UploadProgressProps) {
  if (status === 'idle' || status === 'error') return null;
  return (
    <div className={`upload-progress upload-progress--${status}`} data-testid={testId}>
      <div className="upload-progress__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span style={{ width: `${percent}%` }} />
      </div>
      <div className="upload-progress__row">
        <span className="upload-progress__figure">
          {status === 'done' ? labels.done : status === 'paused' ? `${labels.paused} · ${percent}%` : `${percent}%`}
          <span className="muted">
            {' '}
            {mb(sent)} / {mb(total)} MB
          </span>
        </span>
        {status === 'uploading' && onPause && (
          <button type="button" className="link-btn" onClick={onPause} data-testid={testId && `${testId}-pause`}>
            {labels.pause}
          </button>
        )}
        {status === 'paused' && onResume && (
          <button type="button" className="link-btn link-btn--accent" onClick={onResume} data-testid={testId && `${testId}-resume`}>
            {labels.resume}
          </button>
        )}
        {status !== 'done' && onCancel && (
          <button type="button" className="link-btn" onClick={onCancel} data-testid={testId && `${testId}-cancel`}>
            {labels.cancel}
          </button>
        )}
      </div>
    </div>
  );
}
