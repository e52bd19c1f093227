import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { IconClose } from './icons';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Width in px on screens wide enough; full width below. */
  width?: number;
  children: ReactNode;
  className?: string;
  testId?: string;
  closeLabel?: string;
  /** 'sheet' fills the screen (mobile site); 'bottom' rises from the bottom edge (a phone's action sheet). */
  variant?: 'modal' | 'sheet' | 'drawer' | 'bottom';
  hideTitle?: boolean;
}

export function Dialog({ open, onOpenChange, title, description, width = 500, children, className, testId, closeLabel = 'Close', variant = 'modal', hideTitle }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={`dialog-overlay dialog-overlay--${variant}`} />
        <RadixDialog.Content
          className={['dialog', `dialog--${variant}`, className].filter(Boolean).join(' ')}
          style={variant === 'modal' ? { width: `min(${width}px, calc(100vw - 24px))` } : undefined}
          data-testid={testId}
        >
          <div className="dialog__head">
            <RadixDialog.Title className={hideTitle ? 'sr-only' : 'dialog__title'}>{title}</RadixDialog.Title>
            <RadixDialog.Close className="dialog__close" aria-label={closeLabel}>
              <IconClose />
            </RadixDialog.Close>
          </div>
          {description ? <RadixDialog.Description className="dialog__desc">{description}</RadixDialog.Description> : <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>}
          <div className="dialog__body">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
