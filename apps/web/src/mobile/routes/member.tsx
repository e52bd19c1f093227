import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@/shared/stores/auth';
import { MemberType } from '@/config/paths';
import { PageSpinner } from '@/shared/ui/spinner';
import { MEMBER_MENU } from '@/features/member/components/member-menu';
import { SanctionNotice } from '@/features/member/components/sanction-notice';
import '@/features/member/locales';
import '@/features/economy/locales';
import '@/features/economy/economy.css';
import '@/shared/i18n/messages';
import '@/styles/member.css';
import '@/styles/community.css';
import '../member/locales';
import '../member/m-member.css';
import { LoginPrompt } from '../member/login-prompt';
import { MePage } from '../member/me-page';
import { screenFor } from '../member/screens';
import { SectionScreen } from '../member/section-screen';
import { sectionContent } from '../member/sections';

// /m/member?type=…: the phone's member centre. No type: the "me" page; each ?type= (the same as
// the desktop's, so links map 1:1) is its own screen with a back bar. Same data and calls as the
// desktop: the member and economy features' hooks and panels.
export function Component() {
  const { t } = useTranslation('member');
  const [params] = useSearchParams();
  const islogin = useAuthStore((s) => s.islogin);
  const user = useAuthStore((s) => s.user);
  if (!islogin) return <LoginPrompt />;
  // The role decides where a withdrawal link lands: wait for the user's info (after the first paint).
  if (!user && params.get('type') === String(MemberType.WITHDRAWAL)) return <PageSpinner />;
  const screen = screenFor(params, user?.is_anchor === 1);
  if (screen.kind === 'redirect') return <Navigate to={screen.to} replace />;
  if (screen.kind === 'me') return <MePage />;
  const item = MEMBER_MENU.find((m) => m.type === screen.type)!;
  return (
    <SectionScreen title={t(`menu.${item.key}`)}>
      <SanctionNotice />
      {sectionContent(screen.type)}
    </SectionScreen>
  );
}
