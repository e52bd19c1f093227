import { DownloadPage } from '@/features/download/pages/download';
import '@/styles/pages.css';

export function Component() {
  return <DownloadPage />;
}
