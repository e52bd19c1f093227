import { Component as MemberArea } from '@/app/routes/member';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/shared/stores/auth';
import { useTranslation } from 'react-i18next';
import { IconLogout } from '@/shared/ui/icons';

// /m/member?type=…: the member centre of the desktop (same panels, same calls): its menu becomes a
// row of chips the thumb scrolls (mobile.css), and the phone gets its sign-out here.
export function Component() {
  const { t } = useTranslation('layout');
  const islogin = useAuthStore((s) => s.islogin);
  const logout = useLogout(paths.mobile);
  return (
    <div className="m-member">
      <MemberArea />
      {islogin && (
        <button type="button" className="m-member__logout" onClick={logout} data-testid="header-logout">
          <IconLogout size={18} /> {t('user.logout')}
        </button>
      )}
    </div>
  );
}
