// The wire envelope every api/... call answers with: { code, msg, data }.
// Clients of this product family treat code 1 as a toastable business error, code 700 as
// "not logged in", and anything else as success, so these numbers are part of the public contract.
export const Code = {
  OK: 200,
  ERROR: 1,
  NOT_LOGGED_IN: 700,
  // Token-expired family kept for older clients (spec §8); the server never needs to send them.
  ILLEGAL_TOKEN: 50008,
  OTHER_CLIENT_LOGGED_IN: 50012,
  TOKEN_EXPIRED: 50014,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Client request timeout from spec §9. */
export const REQUEST_TIMEOUT_MS = 20_000;
