import type { LedgerKind } from '@livesports/contracts/economy';
import { type Lang, translate } from '@livesports/contracts/messages';

/** Facts frozen on an operation when it happened, so a statement reads the same years later. */
export interface OpMeta {
  order_no?: string;
  gift?: { zh: string; en: string; es: string };
  num?: number;
  sender?: string;
  anchor?: string;
  tier?: string;
  months?: number;
  withdrawal_id?: number;
}

/** The one-line description of a statement line, in the reader's language. */
export function lineTitle(lang: Lang, kind: LedgerKind, meta: OpMeta, amount: number): string {
  const incoming = amount > 0;
  switch (kind) {
    case 'recharge':
      return translate(lang, 'economy.title_recharge', { order: meta.order_no ?? '' });
    case 'gift':
      return translate(lang, incoming ? 'economy.title_gift_in' : 'economy.title_gift_out', {
        gift: meta.gift?.[lang] ?? '',
        num: meta.num ?? 1,
        name: (incoming ? meta.sender : meta.anchor) ?? '',
      });
    case 'guard':
      return translate(lang, incoming ? 'economy.title_guard_in' : 'economy.title_guard_out', { name: (incoming ? meta.sender : meta.anchor) ?? '' });
    case 'noble':
      return `${translate(lang, 'economy.title_noble')} · ${translate(lang, `economy.noble_${meta.tier}`)} ×${meta.months ?? 1}`;
    case 'withdraw':
      return translate(lang, 'economy.title_withdraw', { id: meta.withdrawal_id ?? '' });
    case 'withdraw_return':
      return translate(lang, 'economy.title_withdraw_return', { id: meta.withdrawal_id ?? '' });
    case 'convert':
      return translate(lang, 'economy.title_convert');
    case 'invite_bonus':
      return translate(lang, 'economy.title_invite_bonus');
    case 'horn':
      return translate(lang, 'economy.title_horn');
  }
}

export const kindName = (lang: Lang, kind: LedgerKind) => translate(lang, `economy.kind_${kind}`);
