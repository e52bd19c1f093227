import { useTranslation } from 'react-i18next';
import { useAlertScope } from '../live/alert-scope';

/**
 * Follow a team (team page and match page): its matches' goal and card pop-ups then reach this
 * fan by default (live/alert-scope.ts). Kept on this device, like the other alert settings.
 */
export function FollowTeam({ teamId, testId = 'follow-team' }: { teamId: number; testId?: string }) {
  const { t } = useTranslation('matches');
  const on = useAlertScope((s) => s.teams.includes(teamId));
  const toggle = useAlertScope((s) => s.toggleTeam);
  return (
    <button type="button" className={['chip', 'chip--btn', on && 'is-on'].filter(Boolean).join(' ')} aria-pressed={on} title={t('followTeam.hint')} onClick={() => toggle(teamId)} data-testid={testId}>
      {t(on ? 'followTeam.following' : 'followTeam.follow')}
    </button>
  );
}
