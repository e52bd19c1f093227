import { useTranslation } from 'react-i18next';
import '../locales';
import { FollowType, type Profile } from '@livesports/contracts/social';
import { Avatar } from '@/shared/ui/avatar';
import { FollowButton } from './follow-button';

/** Personal space header: who, level, counts, and follow buttons for each thing they are. */
export function ProfileHeader({ profile }: { profile: Profile }) {
  const { t } = useTranslation('social');
  const as = (type: 1 | 2 | 3) => profile.followed_as.includes(type);
  return (
    <header className="card profile-header" data-testid="profile-header">
      <Avatar src={profile.avatar} size={88} className="profile-header__avatar" />
      <div className="profile-header__who">
        <h1 className="profile-header__name">
          {profile.user_nickname}
          {profile.is_anchor === 1 && <span className="badge badge--accent">{t('anchorLevel', { level: profile.level })}</span>}
          {profile.is_writer === 1 && <span className="badge">{t('writer')}</span>}
        </h1>
        <p className="muted">{profile.signature || t('noSignature')}</p>
        <dl className="profile-header__stats">
          <div>
            <dt>{t('stats.follows')}</dt>
            <dd data-testid="profile-follows">{profile.follows}</dd>
          </div>
          <div>
            <dt>{t('stats.fans')}</dt>
            <dd data-testid="profile-fans">{profile.fans}</dd>
          </div>
          <div>
            <dt>{t('stats.posts')}</dt>
            <dd>{profile.posts}</dd>
          </div>
          <div>
            <dt>{t('stats.articles')}</dt>
            <dd>{profile.articles}</dd>
          </div>
        </dl>
      </div>
      {profile.is_mine === 0 && (
        <div className="profile-header__actions">
          {profile.is_anchor === 1 && <FollowButton uid={profile.id} type={FollowType.ANCHOR} followed={as(1)} size="md" />}
          {profile.is_writer === 1 && <FollowButton uid={profile.id} type={FollowType.WRITER} followed={as(2)} size="md" />}
          <FollowButton uid={profile.id} type={FollowType.USER} followed={as(3)} size="md" />
        </div>
      )}
    </header>
  );
}
