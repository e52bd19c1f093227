import { useTranslation } from 'react-i18next';
import { Spinner } from '@/shared/ui/spinner';
import { useAvatarList } from '../api/get-avatar-list';

/** Preset avatars from api/user/avatarList, as a radio grid. */
export function AvatarPicker({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const { t } = useTranslation('member');
  const { data, isLoading, isError } = useAvatarList();
  if (isLoading) return <Spinner />;
  if (isError || !data) return <p className="muted">{t('avatar.unavailable')}</p>;
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
    </div>
  );
}
