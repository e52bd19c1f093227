/**
 * One idempotency key per intended action (a click on "send", "pay", "withdraw"): the server
 * answers a repeat of the same key with the first result, so a retried request never pays twice.
 */
export function newKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
