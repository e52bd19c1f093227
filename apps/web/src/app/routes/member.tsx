import { MemberPage } from '@/features/member/pages/member';
import '@/styles/member.css';

export function Component() {
  return <MemberPage />;
}
