import type { WalletKind } from '@livesports/contracts/economy';
import { AppError } from '../../platform/errors.ts';
import { sha256 } from '../../platform/crypto.ts';

// The double-entry model every money operation is written in: accounts, movements, the global
// wallet lock order and the idempotency rules. The statements that apply it live in the ledger
// repository (ledger.repo.ts: `runOp` and `post`); services only describe movements.

/** System accounts have no wallet row; their balance is what the ledger says. */
export type SystemAccount = 'external' | 'platform' | 'payout' | 'withdraw_hold' | 'invite_pool';
export type Account = { user: number; wallet: WalletKind } | { system: SystemAccount };

export interface Movement {
  from: Account;
  to: Account;
  /** Tenths of a coin, > 0. */
  amount: number;
  /** The room (anchor id) for gifts and guards. */
  roomId?: number;
}

export const userWallet = (user: number, wallet: WalletKind): Account => ({ user, wallet });
export const system = (name: SystemAccount): Account => ({ system: name });

export const walletKey = (user: number, wallet: WalletKind) => `${user}:${wallet}`;
/** The global wallet lock order: 'consumption' before 'income', then by user id (as SQL's `order by kind, user_id`). */
export const byLockOrder = (a: { user: number; wallet: WalletKind }, b: { user: number; wallet: WalletKind }) => (a.wallet === b.wallet ? a.user - b.user : a.wallet === 'consumption' ? -1 : 1);
export const isUser = (a: Account): a is { user: number; wallet: WalletKind } => 'user' in a;

/** Balances after an operation, by `userId:wallet`. */
export type Balances = Map<string, number>;
export const balanceOf = (b: Balances, user: number, wallet: WalletKind) => b.get(walletKey(user, wallet)) ?? 0;

export interface OpSpec {
  userId: number;
  kind: string;
  /** Client key (paid calls) or an internal one (`recharge:<order>`); null = not idempotent by key. */
  key: string | null;
  /** The request, to refuse a key reused for something else. */
  request?: unknown;
  meta?: Record<string, unknown>;
  /** The work writes the result onto the operation itself (folded into its last statement). */
  storesResult?: boolean;
  /**
   * Wallets the operation will move money in, locked in the same statement that claims the key
   * (saves a round trip; `post` then finds them locked). Others are locked by `post` itself.
   */
  wallets?: Array<{ user: number; wallet: WalletKind }>;
}

export interface OpOutcome<T> {
  result: T;
  /** True when this call repeated an earlier one and moved nothing. */
  repeated: boolean;
  opId: number;
}

/** The request fingerprint a key is stored with (a key reused for another request is refused). */
export const fingerprintOf = (request: unknown) => sha256(JSON.stringify(request));

/** The stored answer of an earlier operation; refuses a key first used for another kind of operation or another request. */
export function answerRepeat<T>(prior: { id: number; kind: string; fingerprint: string | null; result: unknown }, kind: string, fingerprint: string | null): OpOutcome<T> {
  if (prior.kind !== kind || (fingerprint && prior.fingerprint && prior.fingerprint !== fingerprint)) throw new AppError('economy.key_reused', 409);
  return { result: prior.result as T, repeated: true, opId: prior.id };
}
