import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { useToastStore } from '../stores/toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/** A toast renderer that could not load (offline, its chunk not kept) must not take the page down. */
class Quiet extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Loads the toast renderer (Radix toast) with the first toast; a quiet page never needs it. */
export function ToasterHost() {
  const any = useToastStore((s) => s.toasts.length > 0);
  const [wanted, setWanted] = useState(any);
  if (any && !wanted) setWanted(true);
  return wanted ? (
    <Quiet>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </Quiet>
  ) : null;
}
