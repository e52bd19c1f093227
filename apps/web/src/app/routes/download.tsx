import { DownloadPage } from '@/features/download/pages/download';
import { InstallCard } from '@/mobile/pwa/install-card';
import '@/styles/pages.css';

// /downLoad: the apps' page, with the installable mobile site's "add to home screen" first.
export function Component() {
  return <DownloadPage install={<InstallCard />} />;
}
