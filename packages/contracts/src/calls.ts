import type { z } from 'zod';
import type { CallDef } from './call.ts';
import * as account from './account.ts';
import * as captcha from './captcha.ts';
import * as chatBarrage from './chat-barrage.ts';
import * as chatModeration from './chat-moderation.ts';
import * as chat from './chat.ts';
import * as consoleCalls from './console.ts';
import * as consoleUsers from './console-users.ts';
import * as consoleCatalog from './console-catalog.ts';
import * as consoleContent from './console-content.ts';
import * as content from './content.ts';
import * as economyGifts from './economy-gifts.ts';
import * as economyRank from './economy-rank.ts';
import * as economyWallet from './economy-wallet.ts';
import * as economyWithdrawal from './economy-withdrawal.ts';
import * as liveAnchor from './live-anchor.ts';
import * as liveHealth from './live-health.ts';
import * as liveMatch from './live-match.ts';
import * as liveReserve from './live-reserve.ts';
import * as live from './live.ts';
import * as matches from './matches.ts';
import * as replays from './replays.ts';
import * as search from './search.ts';
import * as social from './social.ts';
import * as system from './system.ts';

// Every call of the public API, by the contract module that defines it: the OpenAPI document and
// the tests that must cover every call (a call added to a module is picked up here; a new module
// is added to this list, and the OpenAPI test fails until it is, since its routes are undocumented).
const modules = {
  account: account,
  captcha: captcha,
  'chat-barrage': chatBarrage,
  'chat-moderation': chatModeration,
  chat: chat,
  console: consoleCalls,
  'console-users': consoleUsers,
  'console-catalog': consoleCatalog,
  'console-content': consoleContent,
  content: content,
  'economy-gifts': economyGifts,
  'economy-rank': economyRank,
  'economy-wallet': economyWallet,
  'economy-withdrawal': economyWithdrawal,
  'live-anchor': liveAnchor,
  'live-health': liveHealth,
  'live-match': liveMatch,
  'live-reserve': liveReserve,
  live: live,
  matches: matches,
  replays: replays,
  search: search,
  social: social,
  system: system,
};

export interface NamedCall {
  /** The contract module (file name), e.g. 'economy-gifts'. */
  module: string;
  /** The export's name, e.g. 'sendGift'. */
  name: string;
  call: CallDef<z.ZodType, z.ZodType>;
}

const isCall = (v: unknown): v is CallDef<z.ZodType, z.ZodType> => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'input' in v && 'data' in v && 'auth' in v;

export function allCalls(): NamedCall[] {
  const out: NamedCall[] = [];
  for (const [module, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) if (isCall(value)) out.push({ module, name, call: value });
  }
  return out;
}
