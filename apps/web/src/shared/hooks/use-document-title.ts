import { useEffect } from 'react';
import { useSiteName } from '../stores/app';

/** document.title = "<route title> - <site title>" (spec §2). */
export function useDocumentTitle(title: string | null | undefined) {
  const site = useSiteName();
  useEffect(() => {
    document.title = title ? `${title} - ${site}` : site;
  }, [title, site]);
}
