import { create } from 'zustand';

// "Add to home screen" (issue #16): Chromium offers the install prompt once through the
// `beforeinstallprompt` event, early and only once per page; it is kept here until the fan taps
// the button on /m/downLoad. Safari has no prompt: the page explains its Share → Add to Home Screen.

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  event: InstallPromptEvent | null;
  installed: boolean;
}

export const useInstall = create<InstallState>(() => ({
  event: null,
  installed: typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches,
}));

let listening = false;
/** Starts listening (once): called by the mobile layout. */
export function listenForInstall() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    useInstall.setState({ event: e as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => useInstall.setState({ event: null, installed: true }));
}

/** Shows the browser's install prompt; true when the fan accepted. */
export async function promptInstall(): Promise<boolean> {
  const e = useInstall.getState().event;
  if (!e) return false;
  await e.prompt();
  const { outcome } = await e.userChoice;
  useInstall.setState({ event: null, installed: outcome === 'accepted' });
  return outcome === 'accepted';
}

/** iOS Safari installs from its Share menu only. */
export const isIosSafari = () =>
  typeof navigator !== 'undefined' && /iP(hone|ad|od)/.test(navigator.userAgent) && /Safari/.test(navigator.userAgent) && !/CriOS|FxiOS|EdgiOS/.test(navigator.userAgent);
