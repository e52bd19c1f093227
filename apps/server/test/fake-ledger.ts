import type { WalletKind } from '@livesports/contracts/economy';
import type { MessageKey } from '@livesports/contracts/messages';
import { type Balances, type Movement, answerRepeat, byLockOrder, fingerprintOf, isUser, walletKey } from '../src/modules/economy/ledger.ts';
import type { LedgerRepo, Tx } from '../src/modules/economy/ledger.repo.ts';
import { badInput } from '../src/platform/errors.ts';

// The ledger repository in memory, for services on fake repositories (*.fast.test.ts). It keeps
// the repository's rules, so a test can say what a service moves and what it refuses: an
// operation's key answers its first result (and refuses another request), a failed operation
// leaves no key, line or balance behind, and a movement that would overdraw a wallet throws the
// wallet's message. The statements themselves are tested on PGlite and PostgreSQL.

const SHORT: Record<WalletKind, MessageKey> = { consumption: 'economy.balance_insufficient', income: 'economy.income_insufficient' };

interface Op {
  id: number;
  userId: number;
  key: string | null;
  kind: string;
  fingerprint: string | null;
  result: unknown;
}

/** `start`: wallet balances in tenths by `userId:wallet` (absent = 0). */
export function fakeLedger(start: Record<string, number> = {}) {
  const wallets = new Map(Object.entries(start));
  const ops: Op[] = [];
  const lines: Array<Movement & { opId: number; kind: string }> = [];
  const tx = {} as Tx;

  const ledger: LedgerRepo = {
    async runOp(spec, work) {
      const fingerprint = spec.request === undefined ? null : fingerprintOf(spec.request);
      const prior = spec.key ? ops.find((o) => o.userId === spec.userId && o.key === spec.key) : undefined;
      if (prior) return answerRepeat(prior, spec.kind, fingerprint);
      const before = { wallets: new Map(wallets), lines: lines.length };
      const id = ops.length + 1;
      try {
        const result = await work(tx, id);
        ops.push({ id, userId: spec.userId, key: spec.key, kind: spec.kind, fingerprint, result });
        return { result, repeated: false, opId: id };
      } catch (err) {
        // The transaction rolls back: nothing of the operation stays.
        wallets.clear();
        for (const [k, v] of before.wallets) wallets.set(k, v);
        lines.length = before.lines;
        throw err;
      }
    },
    async post(_tx, opId, kind, movements) {
      const balances: Balances = new Map();
      const touched = movements.flatMap((m) => [m.from, m.to].filter(isUser)).sort(byLockOrder);
      for (const w of touched) balances.set(walletKey(w.user, w.wallet), wallets.get(walletKey(w.user, w.wallet)) ?? 0);
      for (const m of movements) {
        if (!Number.isSafeInteger(m.amount) || m.amount <= 0) throw new Error(`ledger: bad amount ${m.amount}`);
        if (isUser(m.from)) {
          const k = walletKey(m.from.user, m.from.wallet);
          if (balances.get(k)! - m.amount < 0) throw badInput(SHORT[m.from.wallet]);
          balances.set(k, balances.get(k)! - m.amount);
        }
        if (isUser(m.to)) balances.set(walletKey(m.to.user, m.to.wallet), balances.get(walletKey(m.to.user, m.to.wallet))! + m.amount);
        lines.push({ ...m, opId, kind });
      }
      for (const [k, v] of balances) wallets.set(k, v);
      return balances;
    },
    postWithTail: async () => {
      throw new Error('fakeLedger: postWithTail runs SQL of its caller; test it on a database');
    },
    setMeta: async () => {},
    async repeatOf(userId, key, kind, fingerprint) {
      const prior = ops.find((o) => o.userId === userId && o.key === key);
      return prior ? answerRepeat(prior, kind, fingerprint) : null;
    },
  };

  return {
    ledger,
    /** Operations committed (with their keys and stored results). */
    ops,
    /** Ledger lines written by committed operations. */
    lines,
    balance: (user: number, wallet: WalletKind) => wallets.get(walletKey(user, wallet)) ?? 0,
  };
}
