import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/stores/toast';
import { Dialog } from '@/shared/ui/dialog';
import { formatCoins } from '@livesports/contracts/economy';
import { currentLanguage } from '@/shared/i18n';
import '../locales';
import '../economy.css';
import { RechargePanel } from './recharge-panel';

/**
 * Recharge over the live room: the packages in a dialog, the checkout in its own window, and back
 * to the gift panel with the new balance once the order is paid; the page (and the stream) stay.
 */
export function RechargeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('economy');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('recharge.title')} width={600} testId="recharge-dialog" closeLabel={t('common:close')}>
      {open && (
        <RechargePanel
          orderNo={null}
          mode="popup"
          onPaid={(coins) => {
            toast.success(t('recharge.paidToast', { coins: formatCoins(coins, currentLanguage()) }));
            onOpenChange(false);
          }}
        />
      )}
    </Dialog>
  );
}
