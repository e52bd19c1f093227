import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpload } from '@/shared/hooks/use-upload';
import { Spinner } from '@/shared/ui/spinner';
import { useAvatarList } from '../api/get-avatar-list';

/** Preset avatars from api/user/avatarList, as a radio grid, plus one's own picture (resumable upload, resized by the server). */
export function AvatarPicker({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const { t } = useTranslation('member');
  const { data, isLoading, isError } = useAvatarList();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUpload('avatar', (r) => onChange(r.url));
  if (isLoading) return <Spinner />;
  if (isError || !data) return <p className="muted">{t('avatar.unavailable')}</p>;
  const own = value && !data.includes(value) ? value : null;
  return (
    <div className="avatar-picker" role="radiogroup" aria-label={t('avatar.choose')}>
      {data.map((url, i) => (
        <button
          key={url}
          type="button"
          role="radio"
          aria-checked={value === url}
          aria-label={t('avatar.option', { n: i + 1 })}
          className={value === url ? 'avatar-picker__item is-selected' : 'avatar-picker__item'}
          onClick={() => onChange(url)}
          data-testid={`avatar-option-${i + 1}`}
        >
          <img src={url} alt="" width={48} height={48} />
        </button>
      ))}
      {own && (
        <button type="button" role="radio" aria-checked className="avatar-picker__item is-selected" aria-label={t('avatar.own')} data-testid="avatar-own">
          <img src={own} alt="" width={48} height={48} />
        </button>
      )}
      <button
        type="button"
        className="avatar-picker__item avatar-picker__upload"
        onClick={() => input.current?.click()}
        disabled={upload.busy}
        aria-label={t('avatar.upload')}
        title={t('avatar.upload')}
        data-testid="avatar-upload"
      >
        {upload.busy ? <span className="avatar-picker__percent">{upload.percent}%</span> : <span aria-hidden>＋</span>}
      </button>
      <input
        ref={input}
        type="file"
        hidden
        accept="image/png,image/jpeg,image/webp"
        data-testid="avatar-upload-input"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) await upload.start(file);
        }}
      />
      {upload.error && <p className="field__error">{upload.error}</p>}
    </div>
  );
}
