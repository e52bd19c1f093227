import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { PaymentCurrency } from '@livesports/contracts/economy';
import { safeEqual } from '../../../platform/crypto.ts';
import { type CheckoutOrder, type PaymentNotification, type PaymentProvider, WebhookRejected } from './provider.ts';

// The embedded payment provider: a hosted checkout page on this server that "pays" and then
// posts a signed notification to our webhook, exactly as an outside provider would.
// Signature (Stripe's scheme): header `x-sandbox-signature: t=<unix seconds>,v1=<hex>` where
// hex = HMAC-SHA256(secret, `${t}.${raw body}`). Notifications older (or newer) than the
// tolerance are refused, so a captured one cannot be replayed later.

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_TOLERANCE_SECONDS = 300;

const bodySchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['payment.succeeded', 'payment.failed']),
  data: z.object({ order_no: z.string().min(1).max(40), amount: z.number().int().nonnegative(), currency: z.string().min(3).max(3), payment_id: z.string().min(1).max(100) }),
});

const digest = (secret: string, body: string, t: number) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
export const sandboxSignature = (secret: string, body: string, t: number) => `t=${t},v1=${digest(secret, body, t)}`;

export interface SandboxProvider extends PaymentProvider {
  /** The notification the sandbox sends for an order: body and headers, signed now. */
  notification(order: { orderNo: string; money: number; currency: string }, status: 'paid' | 'failed', now: Date): { body: string; headers: Record<string, string> };
}

export function createSandboxProvider(opts: { secret: string; currency?: PaymentCurrency }): SandboxProvider {
  return {
    name: 'sandbox',
    currency: opts.currency ?? 'CNY',

    // Same host as the site, so a path: it works whatever address the payer reached us at.
    async checkoutUrl(order: CheckoutOrder) {
      return `/sandbox-pay/checkout/${encodeURIComponent(order.orderNo)}`;
    },

    notification(order, status, now) {
      const body = JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        type: status === 'paid' ? 'payment.succeeded' : 'payment.failed',
        data: { order_no: order.orderNo, amount: order.money, currency: order.currency, payment_id: `sbx_${randomBytes(8).toString('hex')}` },
      });
      const t = Math.floor(now.getTime() / 1000);
      return { body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(opts.secret, body, t) } };
    },

    verify(headers, rawBody, now): PaymentNotification {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      const value = Array.isArray(header) ? header[0] : header;
      if (!value) throw new WebhookRejected('signature');
      const parts = Object.fromEntries(value.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
      const t = Number(parts.t);
      if (!Number.isInteger(t) || !parts.v1) throw new WebhookRejected('signature');
      // Signature first: an unsigned message learns nothing, not even whether its time was right.
      if (!safeEqual(digest(opts.secret, rawBody, t), parts.v1)) throw new WebhookRejected('signature');
      if (Math.abs(now.getTime() / 1000 - t) > SANDBOX_TOLERANCE_SECONDS) throw new WebhookRejected('stale');
      let parsed: z.infer<typeof bodySchema>;
      try {
        parsed = bodySchema.parse(JSON.parse(rawBody));
      } catch {
        throw new WebhookRejected('malformed');
      }
      return {
        eventId: parsed.id,
        orderNo: parsed.data.order_no,
        status: parsed.type === 'payment.succeeded' ? 'paid' : 'failed',
        money: parsed.data.amount,
        currency: parsed.data.currency,
        providerRef: parsed.data.payment_id,
      };
    },
  };
}
