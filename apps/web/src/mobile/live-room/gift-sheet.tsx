import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GiftPanel } from '@/features/economy/components/gift-panel';
import { playGift } from '@/features/economy/components/room-gifts';
import { Dialog } from '@/shared/ui/dialog';
import { IconGift } from '@/shared/ui/icons';

/**
 * The gift button of the phone room's input row and its bottom sheet: the economy's gift panel
 * (catalogue, backpack, count, send, then the combo button while its window is open). The sheet
 * stays open after a send so the combo can be tapped again and again.
 */
export function GiftSheetButton({ roomId }: { roomId: number }) {
  const { t } = useTranslation('mobile');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="mlr-gift-btn" onClick={() => setOpen(true)} aria-label={t('room.gifts')} data-testid="m-gift-open">
        <IconGift size={22} />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t('room.gifts')} variant="bottom" testId="m-gift-sheet" closeLabel={t('close')}>
        <GiftPanel roomId={roomId} onSent={playGift} compact rechargeHref="/m/member?type=1&isRecharge=true" />
      </Dialog>
    </>
  );
}
