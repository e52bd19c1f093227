import { lazy, Suspense, useState } from 'react';
import { useComingSoon } from '../stores/coming-soon';

const ComingSoonDialog = lazy(() => import('./coming-soon-dialog').then((m) => ({ default: m.ComingSoonDialog })));

/** Loads the under-development dialog the first time something asks for it. */
export function ComingSoonHost() {
  const open = useComingSoon((s) => s.open);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <ComingSoonDialog />
    </Suspense>
  ) : null;
}
