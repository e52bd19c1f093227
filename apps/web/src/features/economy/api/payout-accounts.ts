import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { aliPayInfo, bankCardInfo, bindAliPay, bindBankCard } from '@livesports/contracts/economy-withdrawal';
import { request, requestWithMsg } from '@/shared/api/client';

// api/Bank_card: bank card and Alipay binding. The binds go as POST (the server also answers the
// spec's GET) so card numbers stay out of URLs and logs.
export const useBankCard = () => useQuery({ queryKey: ['economy', 'bank-card'], queryFn: () => request(bankCardInfo, {}) });
export const useAliPay = () => useQuery({ queryKey: ['economy', 'alipay'], queryFn: () => request(aliPayInfo, {}) });

const bindBankPost = { ...bindBankCard, method: 'POST' as const };
const bindAliPayPost = { ...bindAliPay, method: 'POST' as const };

export function useBindBankCard(onSuccess?: (msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; card_no: string; bank_name: string; branch: string }) => requestWithMsg(bindBankPost, input),
    onSuccess: ({ msg }) => {
      void queryClient.invalidateQueries({ queryKey: ['economy', 'bank-card'] });
      onSuccess?.(msg);
    },
  });
}

export function useBindAliPay(onSuccess?: (msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; account: string }) => requestWithMsg(bindAliPayPost, input),
    onSuccess: ({ msg }) => {
      void queryClient.invalidateQueries({ queryKey: ['economy', 'alipay'] });
      onSuccess?.(msg);
    },
  });
}
