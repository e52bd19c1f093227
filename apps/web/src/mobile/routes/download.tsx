import { DownloadPage } from '@/features/download/pages/download';
import { InstallCard } from '../pwa/install-card';
import '@/styles/pages.css';

// /m/downLoad: the download page, with "add to home screen" (the installable mobile site) first.
export function Component() {
  return <DownloadPage install={<InstallCard />} />;
}
