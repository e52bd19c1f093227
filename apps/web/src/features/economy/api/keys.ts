// Every query key of this feature, in one place. Only this feature reads or invalidates them;
// what other features change is reached through the tags of shared/api/query-tags.ts.
export const economyKeys = {
  all: ['economy'] as const,
  rechargeOrder: (...params: readonly unknown[]) => [...economyKeys.all, 'recharge-order', ...params] as const,
  rechargeOrders: (...params: readonly unknown[]) => [...economyKeys.all, 'recharge-orders', ...params] as const,
  bankCard: (...params: readonly unknown[]) => [...economyKeys.all, 'bank-card', ...params] as const,
  alipay: (...params: readonly unknown[]) => [...economyKeys.all, 'alipay', ...params] as const,
  backpack: (...params: readonly unknown[]) => [...economyKeys.all, 'backpack', ...params] as const,
  activities: (...params: readonly unknown[]) => [...economyKeys.all, 'activities', ...params] as const,
  wallet: (...params: readonly unknown[]) => [...economyKeys.all, 'wallet', ...params] as const,
  gifts: (...params: readonly unknown[]) => [...economyKeys.all, 'gifts', ...params] as const,
  withdrawals: (...params: readonly unknown[]) => [...economyKeys.all, 'withdrawals', ...params] as const,
  adminWithdrawals: (...params: readonly unknown[]) => [...economyKeys.all, 'admin-withdrawals', ...params] as const,
  chargeRules: (...params: readonly unknown[]) => [...economyKeys.all, 'charge-rules', ...params] as const,
  noble: (...params: readonly unknown[]) => [...economyKeys.all, 'noble', ...params] as const,
  invite: (...params: readonly unknown[]) => [...economyKeys.all, 'invite', ...params] as const,
  ledger: (...params: readonly unknown[]) => [...economyKeys.all, 'ledger', ...params] as const,
  ledgerTypes: (...params: readonly unknown[]) => [...economyKeys.all, 'ledger-types', ...params] as const,
  rank: (...params: readonly unknown[]) => [...economyKeys.all, 'rank', ...params] as const,
  roomRank: (...params: readonly unknown[]) => [...economyKeys.all, 'room-rank', ...params] as const,
  payPassword: (...params: readonly unknown[]) => [...economyKeys.all, 'pay-password', ...params] as const,
  guards: (...params: readonly unknown[]) => [...economyKeys.all, 'guards', ...params] as const,
};
