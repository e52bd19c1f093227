import { lazy, Suspense, useState } from 'react';
import { useToastStore } from '../stores/toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/** Loads the toast renderer (Radix toast) with the first toast; a quiet page never needs it. */
export function ToasterHost() {
  const any = useToastStore((s) => s.toasts.length > 0);
  const [wanted, setWanted] = useState(any);
  if (any && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
