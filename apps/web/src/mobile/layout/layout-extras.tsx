import { paths } from '@/config/paths';
import { LoginDialogHost } from '@/app/layout/login-dialog-host';
import { ScoreAlertsHost } from '@/features/matches/components/score-alerts-host';
import { ComingSoonHost } from '@/shared/ui/coming-soon-host';

/**
 * What the phone's layout holds besides the page and is never part of the first view: the login
 * sheet, the under-development dialog and goal pop-ups. One module loaded after the first paint (a
 * tap on "log in" before then opens the sheet as soon as it is in: the wish is kept in its store).
 */
export function LayoutExtras() {
  return (
    <>
      <LoginDialogHost variant="sheet" fallback={paths.mobile} />
      <ComingSoonHost />
      <ScoreAlertsHost />
    </>
  );
}
