import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadKind, UploadResult } from '@livesports/contracts/content';
import { useUpload } from '@/shared/hooks/use-upload';
import { tMsg } from '@/shared/i18n/messages';
import { IconClose, IconVideo } from '@/shared/ui/icons';
import { UploadProgress } from '@/shared/ui/upload-progress';

interface Props {
  kind: Extract<UploadKind, 'cover' | 'video'>;
  value: string;
  onChange: (url: string) => void;
  /** Tells the form whether an upload is still running (the form waits for it). */
  onBusyChange?: (busy: boolean) => void;
  error?: string | null;
  testId: string;
}

const ACCEPT = { cover: 'image/png,image/jpeg', video: 'video/mp4,video/webm,video/quicktime,video/ogg,.m4v' };

/** Cover picture or video of a headline: checked, uploaded with progress, pausable, removable. */
export function MediaUpload({ kind, value, onChange, onBusyChange, error, testId }: Props) {
  const { t } = useTranslation('news');
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useUpload(kind, (r: UploadResult) => onChange(r.url));

  useEffect(() => onBusyChange?.(upload.busy), [upload.busy, onBusyChange]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    onChange('');
    if (kind === 'cover') setPreview(URL.createObjectURL(file));
    const ok = await upload.start(file);
    if (!ok) setPreview(null);
  };

  const remove = () => {
    // Spec §8: leaving a picture half-uploaded asks first.
    if (upload.busy && kind === 'cover' && !window.confirm(tMsg('content.abandon_image'))) return;
    if (upload.busy && kind === 'video' && !window.confirm(t('abandonVideo'))) return;
    upload.reset();
    setPreview(null);
    onChange('');
    if (input.current) input.current.value = '';
  };

  const shown = preview ?? (kind === 'cover' && value ? value : null);
  const labels = { pause: t('upload.pause'), resume: t('upload.resume'), cancel: t('upload.cancel'), paused: t('upload.paused'), done: t('upload.done') };

  return (
    <div className={`media-upload media-upload--${kind}`} data-testid={testId}>
      {shown || (kind === 'video' && (value || upload.file)) ? (
        <div className="media-upload__item">
          {kind === 'cover' ? (
            <img src={shown!} alt="" className="media-upload__preview" />
          ) : (
            <div className="media-upload__file">
              <IconVideo size={20} />
              <span>{upload.file?.name ?? value.split('/').pop()}</span>
            </div>
          )}
          <button type="button" className="media-upload__remove icon-btn" onClick={remove} aria-label={t('upload.remove')} data-testid={`${testId}-remove`}>
            <IconClose size={16} />
          </button>
        </div>
      ) : (
        <button type="button" className="media-upload__drop" onClick={() => input.current?.click()} data-testid={`${testId}-pick`}>
          {kind === 'cover' ? <span className="media-upload__plus">+</span> : <IconVideo size={24} />}
          <span>{kind === 'cover' ? t('upload.cover') : t('upload.video')}</span>
          <small className="muted">{kind === 'cover' ? t('upload.coverHint') : t('upload.videoHint')}</small>
        </button>
      )}
      <input ref={input} type="file" hidden accept={ACCEPT[kind]} onChange={(e) => void pick(e.target.files?.[0])} data-testid={`${testId}-input`} />
      <UploadProgress
        status={upload.status}
        percent={upload.percent}
        sent={upload.sent}
        total={upload.total}
        labels={labels}
        onPause={kind === 'video' ? upload.pause : undefined}
        onResume={upload.resume}
        onCancel={remove}
        testId={`${testId}-progress`}
      />
      {(upload.error || error) && (
        <p className="field__error" role="alert" data-testid={`${testId}-error`}>
          {upload.error ?? error}
        </p>
      )}
    </div>
  );
}
