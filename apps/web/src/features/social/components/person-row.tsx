import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import { FollowType } from '@livesports/contracts/social-constants';
import type { Person } from '@livesports/contracts/social';
import { personaPage } from '@/config/paths';
import { Avatar } from '@/shared/ui/avatar';
import { FollowButton } from './follow-button';

/** A person in a list: avatar, name, level for anchors, fans, and a follow button. */
export function PersonRow({ person }: { person: Person }) {
  const { t } = useTranslation('social');
  const type = person.type ?? (person.is_anchor ? FollowType.ANCHOR : FollowType.USER);
  return (
    <li className="person-row" data-testid={`person-${person.id}`}>
      <Link to={personaPage(person.id)} className="person-row__who">
        <Avatar src={person.avatar} size={44} />
        <span>
          <strong>
            {person.user_nickname}
            {person.is_anchor === 1 && <span className="badge badge--accent">LV{person.level}</span>}
          </strong>
          <small className="muted">{person.signature || t('noSignature')}</small>
        </span>
      </Link>
      <span className="person-row__fans muted">{t('fans', { count: person.fans })}</span>
      <FollowButton uid={person.id} type={type} followed={person.is_followed === 1} />
    </li>
  );
}
