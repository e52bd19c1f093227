import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestWithMsg } from '@/shared/api/client';
import { economyKeys } from './keys';
import { tagged } from '@/shared/api/query-tags';
import { aliPayInfo, bankCardInfo, bindAliPay, bindBankCard, memberInfo } from '@/shared/api/call-refs';

// api/Bank_card: bank card and Alipay binding. The binds go as POST (the server also answers the
// spec's GET) so card numbers and the payment password stay out of URLs and logs.
export const useBankCard = () => useQuery({ queryKey: economyKeys.bankCard(), meta: tagged('money'), queryFn: () => request(bankCardInfo, {}) });
export const useAliPay = () => useQuery({ queryKey: economyKeys.alipay(), meta: tagged('money'), queryFn: () => request(aliPayInfo, {}) });

// Whether the user has a payment password: replacing a bound account then asks for it. The same
// query (key and call) as the member page's profile, so setting a password there updates this.
export const useHasPayPassword = () => useQuery({ queryKey: economyKeys.payPassword(), meta: tagged('account'), queryFn: () => request(memberInfo, {}), select: (d) => d.has_payment_password === 1 });

const bindBankPost = { ...bindBankCard, method: 'POST' as const };
const bindAliPayPost = { ...bindAliPay, method: 'POST' as const };

export function useBindBankCard(onSuccess?: (msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; card_no: string; bank_name: string; branch: string; pay_password?: string }) => requestWithMsg(bindBankPost, input),
    onSuccess: ({ msg }) => {
      void queryClient.invalidateQueries({ queryKey: economyKeys.bankCard() });
      onSuccess?.(msg);
    },
  });
}

export function useBindAliPay(onSuccess?: (msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; account: string; pay_password?: string }) => requestWithMsg(bindAliPayPost, input),
    onSuccess: ({ msg }) => {
      void queryClient.invalidateQueries({ queryKey: economyKeys.alipay() });
      onSuccess?.(msg);
    },
  });
}
