import { useTranslation } from 'react-i18next';
import '../locales';
import { FollowType } from '@livesports/contracts/social-constants';
import type { Profile } from '@livesports/contracts/social';
import { Avatar } from '@/shared/ui/avatar';
import { FollowButton } from './follow-button';

/** Personal space header: who, level, counts, and one follow button. */
export function ProfileHeader({ profile }: { profile: Profile }) {
  const { t } = useTranslation('social');
  const as = (type: 1 | 2 | 3) => profile.followed_as.includes(type);
  // One follow button, for what the person mainly is: an anchor's fans find them among followed
  // rooms, a writer's among followed writers; any follow brings their posts into the circle feed.
  const primary = profile.is_anchor === 1 ? FollowType.ANCHOR : profile.is_writer === 1 ? FollowType.WRITER : FollowType.USER;
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
          <FollowButton uid={profile.id} type={primary} followed={as(primary)} size="md" />
        </div>
      )}
    </header>
  );
}
