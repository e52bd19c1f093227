import { formatCoins, formatMoney } from '@livesports/contracts/economy';
import { type Lang, translate } from '@livesports/contracts/messages';
import { escapeHtml as esc } from '../../../platform/html.ts';

// The sandbox provider's hosted checkout page: plain server-rendered HTML, as a provider's page
// would be (it is not part of our web app and knows nothing of our session).

export interface CheckoutView {
  orderNo: string;
  coins: number;
  money: number;
  currency: string;
  status: 'pending' | 'paid' | 'failed';
  returnPath: string;
  error?: string;
}

export function checkoutPage(lang: Lang, v: CheckoutView): string {
  const t = (key: string, params?: Record<string, string | number>) => esc(translate(lang, key, params));
  const money = (cents: number, currency: string) => formatMoney(cents, currency, lang);
  const action = `/sandbox-pay/checkout/${encodeURIComponent(v.orderNo)}?lang=${lang}`;
  const body =
    v.status === 'pending'
      ? `<form method="post" action="${esc(action)}">
          <button class="pay" name="action" value="pay" type="submit" data-testid="sandbox-pay">${t('economy.checkout_pay', { money: money(v.money, v.currency) })}</button>
          <button class="cancel" name="action" value="cancel" type="submit" data-testid="sandbox-cancel">${t('economy.checkout_cancel')}</button>
        </form>`
      : `<p class="done">${t('economy.checkout_done', { status: translate(lang, v.status === 'paid' ? 'economy.order_paid' : 'economy.order_failed') })}</p>
         <a class="pay" href="${esc(v.returnPath)}">${t('economy.checkout_back')}</a>`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t('economy.checkout_title')}</title>
<style>
  body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0d1117;color:#e6edf3;font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
  main{width:min(380px,92vw);background:#161b22;border:1px solid #30363d;border-radius:14px;padding:28px;box-shadow:0 20px 60px #0008}
  h1{font-size:18px;margin:0 0 4px} .note{color:#8b949e;font-size:13px;margin:0 0 22px}
  .item{display:flex;justify-content:space-between;align-items:baseline;padding:14px 0;border-top:1px solid #30363d;border-bottom:1px solid #30363d;margin-bottom:22px}
  .item b{font-size:22px;color:#ffcc4d} .order{color:#8b949e;font-size:12px;word-break:break-all;margin-bottom:18px}
  form{display:grid;gap:10px} button,a.pay{all:unset;box-sizing:border-box;text-align:center;cursor:pointer;padding:12px;border-radius:10px;font-weight:600}
  .pay{background:#2f81f7;color:#fff;display:block} .cancel{background:transparent;border:1px solid #30363d;color:#c9d1d9}
  .error{background:#3d1518;color:#ff9492;border-radius:8px;padding:10px;margin-bottom:14px;font-size:13px} .done{text-align:center}
</style></head>
<body><main>
  <h1>${t('economy.checkout_title')}</h1>
  <p class="note">${t('economy.checkout_note')}</p>
  ${v.error ? `<div class="error" role="alert">${esc(v.error)}</div>` : ''}
  <div class="item"><span>${t('economy.checkout_item', { coins: formatCoins(v.coins, lang) })}</span><b>${esc(money(v.money, v.currency))}</b></div>
  <div class="order">${esc(v.orderNo)}</div>
  ${body}
</main></body></html>`;
}
