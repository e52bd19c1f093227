import * as Toast from '@radix-ui/react-toast';
import { useTranslation } from 'react-i18next';
import { useToastStore } from '../stores/toast';
import { IconAlert, IconCheck, IconClose, IconInfo } from './icons';

/** Renders the toast queue (Radix toast); error toasts stay 5 s (spec §8). */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  const { t } = useTranslation('common');
  return (
    <Toast.Provider swipeDirection="up" label={t('notifications')}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          className={`toast toast--${item.kind}`}
          duration={item.duration}
          type={item.kind === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && dismiss(item.id)}
          data-testid="toast"
          data-kind={item.kind}
        >
          <span className="toast__icon" aria-hidden>
            {item.kind === 'error' ? <IconAlert /> : item.kind === 'success' ? <IconCheck /> : <IconInfo />}
          </span>
          <Toast.Description className="toast__msg">{item.message}</Toast.Description>
          <Toast.Close className="toast__close" aria-label={t('close')}>
            <IconClose size={14} />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
