import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { tMsg } from '@/shared/i18n/messages';
import { useAvatarList } from '@/features/member/api/get-avatar-list';
import { useUpdateInfo } from '@/features/member/api/update-info';
import { useUpload } from '@/shared/hooks/use-upload';
import { toast } from '@/shared/stores/toast';
import { Dialog } from '@/shared/ui/dialog';
import { IconPhone } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';

/**
 * The phone's avatar change: a bottom sheet offering the camera, the gallery (any image the phone
 * has; the upload checks the real type and says so in words) or a preset. A pick is saved at once
 * (api/member/updateInfo), as phone apps do.
 */
export function AvatarSheet({ open, onOpenChange, current }: { open: boolean; onOpenChange: (open: boolean) => void; current: string }) {
  const { t } = useTranslation(['m-member', 'member', 'common']);
  const presets = useAvatarList();
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const save = useUpdateInfo((_d, msg) => {
    toast.success(msg || tMsg('member.updated'));
    onOpenChange(false);
  });
  const upload = useUpload('avatar', (r) => save.mutate({ avatar: r.url }));
  const busy = upload.busy || save.isPending;
  const onFile = async (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) await upload.start(file);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('avatar.sheet')} variant="bottom" closeLabel={t('common:close')} testId="m-avatar-sheet">
      <div className="mm-sheet">
        <button type="button" className="mm-sheet__action" onClick={() => camera.current?.click()} disabled={busy} data-testid="m-avatar-camera">
          <IconPhone size={20} /> {t('avatar.camera')}
        </button>
        <button type="button" className="mm-sheet__action" onClick={() => gallery.current?.click()} disabled={busy} data-testid="m-avatar-gallery">
          <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="m21 16-5-5-9 9" />
          </svg>
          {t('avatar.gallery')}
        </button>
        {/* capture asks the phone for its camera; without it the phone offers its gallery and files. */}
        <input ref={camera} type="file" accept="image/*" capture="user" hidden onChange={onFile} data-testid="m-avatar-camera-input" />
        <input ref={gallery} type="file" accept="image/*" hidden onChange={onFile} data-testid="m-avatar-input" />
        {busy && (
          <div className="mm-sheet__progress" role="status" data-testid="m-avatar-progress">
            <Spinner size={16} /> {t('avatar.uploading', { percent: upload.percent })}
            <span className="mm-progress">
              <span style={{ width: `${upload.percent}%` }} />
            </span>
          </div>
        )}
        {upload.error && <p className="field__error">{upload.error}</p>}
        <p className="mm-sheet__label">{t('avatar.presets')}</p>
        {presets.isLoading ? (
          <Spinner />
        ) : presets.data ? (
          <div className="mm-sheet__presets" role="radiogroup" aria-label={t('member:avatar.choose')}>
            {presets.data.map((url, i) => (
              <button
                key={url}
                type="button"
                role="radio"
                aria-checked={current === url}
                aria-label={t('member:avatar.option', { n: i + 1 })}
                className={current === url ? 'is-selected' : undefined}
                disabled={busy}
                onClick={() => save.mutate({ avatar: url })}
                data-testid={`m-avatar-option-${i + 1}`}
              >
                <img src={url} alt="" width={56} height={56} />
              </button>
            ))}
          </div>
        ) : (
          <p className="muted">{t('member:avatar.unavailable')}</p>
        )}
      </div>
    </Dialog>
  );
}
