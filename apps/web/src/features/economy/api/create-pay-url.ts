import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { payUrl } from '@/shared/api/call-refs';

// api/chargerules/payUrl: creates the order and answers the provider's checkout address.
// Sent as POST (the server also answers the spec's GET) so nothing sits in a URL.
const payUrlPost = { ...payUrl, method: 'POST' as const };

/** Creates the order; the caller sends the payer to `pay_url` (this page, or a checkout window). */
export function useCreatePayUrl() {
  return useMutation({
    mutationFn: (input: { id: number; provider?: string }) => request(payUrlPost, { id: input.id, provider: input.provider ?? 'sandbox' }),
  });
}
