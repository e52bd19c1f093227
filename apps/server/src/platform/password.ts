import argon2 from 'argon2';
import type { Config } from '../config.ts';

/** Hashes and checks passwords (the account module's port, so its cost is one setting). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** True when `password` matches; the cost is read from the stored hash, so old hashes still verify. */
  verify(hash: string, password: string): Promise<boolean>;
}

/**
 * argon2id costs. `standard`: OWASP's first recommendation (19 MiB, 2 passes), ~30–60 ms a hash.
 * `test`: the same algorithm and code path at 1 MiB and one pass (~1 ms), for test runs that make
 * hundreds of users; never for a site people use.
 */
export const PASSWORD_HASH_COSTS = {
  standard: { memoryCost: 19456, timeCost: 2 },
  test: { memoryCost: 1024, timeCost: 1 },
} as const;

export function createPasswordHasher(cost: Config['PASSWORD_HASH_COST'] = 'standard'): PasswordHasher {
  const opts = { type: argon2.argon2id, parallelism: 1, ...PASSWORD_HASH_COSTS[cost] } as const;
  return {
    hash: (password) => argon2.hash(password, opts),
    verify: (hash, password) => argon2.verify(hash, password),
  };
}
