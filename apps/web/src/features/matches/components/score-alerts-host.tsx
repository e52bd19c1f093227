import { lazy, startTransition, Suspense, useEffect, useState } from 'react';

// Goal pop-ups belong on every page, but not in the first load: the score connection and the
// pop-ups are fetched once the page has settled (an idle moment, at most 2 s after mount).
const ScoreAlerts = lazy(() => import('./score-alerts').then((m) => ({ default: m.ScoreAlerts })));

export function ScoreAlertsHost() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // A transition: its first render is sliced, never one long task (issue #16).
    const go = () => startTransition(() => setReady(true));
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
    const timer = setTimeout(() => (w.requestIdleCallback ? w.requestIdleCallback(go, { timeout: 1000 }) : go()), 1000);
    return () => clearTimeout(timer);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <ScoreAlerts />
    </Suspense>
  ) : null;
}
