import type { PaymentCurrency } from '@livesports/contracts/economy';

// The seam between recharge orders and whoever takes the money. The embedded default is the
// sandbox (sandbox.ts); a real provider (Stripe-style or Alipay-style signed notifications)
// implements the same two methods and is added to the list the economy module is built with.

export interface CheckoutOrder {
  orderNo: string;
  /** Cents of `currency`. */
  money: number;
  currency: string;
  /** Coins bought, in tenths (for the provider's page). */
  coins: number;
  /** Where the payer lands after paying or cancelling. */
  returnUrl: string;
}

/** A verified notification: what the provider says happened to an order. */
export interface PaymentNotification {
  /** Provider's event id; a redelivery carries the same one. */
  eventId: string;
  orderNo: string;
  status: 'paid' | 'failed';
  money: number;
  currency: string;
  /** Provider's own reference of the payment. */
  providerRef: string;
}

export type RejectReason = 'signature' | 'stale' | 'malformed';
export class WebhookRejected extends Error {
  constructor(readonly reason: RejectReason) {
    super(`payment notification rejected: ${reason}`);
  }
}

export interface PaymentProvider {
  readonly name: string;
  /** The currency this provider charges in (ISO 4217): the recharge packages are priced in it. */
  readonly currency: PaymentCurrency;
  /** The address to send the payer to. */
  checkoutUrl(order: CheckoutOrder): Promise<string>;
  /** Checks signature and freshness of a notification and parses it; throws WebhookRejected. */
  verify(headers: Record<string, string | string[] | undefined>, rawBody: string, now: Date): PaymentNotification;
}
