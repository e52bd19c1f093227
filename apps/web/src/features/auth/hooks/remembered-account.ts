import { readJSON, removeKey, writeJSON } from '@/shared/lib/storage';

// Spec §3 "account": the remembered mobile (e-mail) and password, stored locally when the
// person ticks "remember account", and prefilled when the dialog opens.
export const ACCOUNT_KEY = 'account';
export interface RememberedAccount {
  mobile: string;
  password: string;
}

export function readRemembered(): RememberedAccount | null {
  const v = readJSON<Partial<RememberedAccount> | null>(ACCOUNT_KEY, null);
  return v && typeof v.mobile === 'string' ? { mobile: v.mobile, password: typeof v.password === 'string' ? v.password : '' } : null;
}

export function saveRemembered(account: RememberedAccount | null) {
  if (account) writeJSON(ACCOUNT_KEY, account);
  else removeKey(ACCOUNT_KEY);
}
