import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceBook } from '@livesports/contracts/console-catalog';
import { PAYMENT_CURRENCIES, formatCoins, parseCoins } from '@livesports/contracts/economy';
import { usePriceBook } from '../api/get-price-book';
import { type SavePricesInput, useSavePrices } from '../api/save-prices';
import { ConsolePageFrame } from '../components/console-page';
import '../console-ops.css';

const coinsText = (tenths: number) => formatCoins(tenths).replace(/,/g, '');
const moneyText = (cents: number) => (cents / 100).toFixed(2);
const parseMoney = (s: string) => (/^\s*\d{1,7}(\.\d{1,2})?\s*$/.test(s) ? Math.round(Number(s) * 100) : null);

/** /admin/prices: recharge packages, noble prices per month and guard prices. */
export function Component() {
  const book = usePriceBook();
  return (
    <ConsolePageFrame titleKey="prices.title" testId="console-prices">
      {book.data && (
        <div className="cs-grid">
          <div className="cs-span-all">
            <Recharge key={JSON.stringify(book.data.recharge)} list={book.data.recharge} />
          </div>
          <Nobles key={JSON.stringify(book.data.nobles)} list={book.data.nobles} />
          <Guards key={JSON.stringify(book.data.guards)} list={book.data.guards} />
        </div>
      )}
    </ConsolePageFrame>
  );
}

/** A card with its own reason and save button. */
function Section({
  title,
  children,
  onSave,
  pending,
  problem,
  testId,
}: {
  title: string;
  children: ReactNode;
  onSave: (reason: string) => void;
  pending: boolean;
  problem: string | null;
  testId: string;
}) {
  const { t } = useTranslation('console');
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(reason.trim());
  };
  return (
    <form className="cs-card cs-block" onSubmit={submit} data-testid={testId}>
      <h2 className="cs-card__title">{title}</h2>
      {children}
      <div className="cs-form__foot">
        <input className="cs-input" maxLength={200} value={reason} placeholder={t('ops.reasonOptional')} aria-label={t('ops.reason')} onChange={(e) => setReason(e.target.value)} />
        {problem && <span className="cs-error">{problem}</span>}
        <button type="submit" className="cs-btn cs-btn--primary" disabled={pending}>
          {t('ops.save')}
        </button>
      </div>
    </form>
  );
}

function useSave() {
  const save = useSavePrices();
  const [problem, setProblem] = useState<string | null>(null);
  return { save, problem, setProblem, send: (input: SavePricesInput) => save.mutate(input) };
}

type Pkg = { id: string; coins: string; bonus: string; price: Record<(typeof PAYMENT_CURRENCIES)[number], string>; active: boolean };

function Recharge({ list }: { list: PriceBook['recharge'] }) {
  const { t } = useTranslation('console');
  const { save, problem, setProblem, send } = useSave();
  const [rows, setRows] = useState<Pkg[]>(() =>
    list.map((p) => ({
      id: String(p.id),
      coins: coinsText(p.coins),
      bonus: coinsText(p.bonus),
      price: Object.fromEntries(PAYMENT_CURRENCIES.map((c) => [c, moneyText(p.price[c] ?? 0)])) as Pkg['price'],
      active: p.active === 1,
    })),
  );
  const set = (i: number, patch: Partial<Pkg>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const onSave = (reason: string) => {
    const out = rows.map((r) => {
      const coins = parseCoins(r.coins);
      const bonus = parseCoins(r.bonus || '0');
      const price = Object.fromEntries(PAYMENT_CURRENCIES.map((c) => [c, parseMoney(r.price[c])]));
      return { id: Number(r.id), coins, bonus, price, active: r.active ? 1 : 0 };
    });
    if (out.some((p) => !Number.isInteger(p.id) || p.id < 1 || p.coins === null || p.bonus === null || Object.values(p.price).some((v) => v === null))) return setProblem(t('prices.invalid'));
    setProblem(null);
    send({ recharge: out as NonNullable<SavePricesInput['recharge']>, reason });
  };
  const nextId = () => String(Math.max(0, ...rows.map((r) => Number(r.id) || 0)) + 1);
  return (
    <Section title={t('prices.recharge')} onSave={onSave} pending={save.isPending} problem={problem} testId="prices-recharge">
      <table className="cs-table">
        <thead>
          <tr>
            <th>{t('prices.cols.id')}</th>
            <th>{t('prices.cols.coins')}</th>
            <th>{t('prices.cols.bonus')}</th>
            {PAYMENT_CURRENCIES.map((c) => (
              <th key={c}>{c}</th>
            ))}
            <th>{t('prices.cols.onSale')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td className="cs-cell-input">
                <input className="cs-input" value={r.id} inputMode="numeric" aria-label={t('prices.cols.id')} onChange={(e) => set(i, { id: e.target.value })} />
              </td>
              <td className="cs-cell-input">
                <input className="cs-input" value={r.coins} inputMode="decimal" aria-label={t('prices.cols.coins')} onChange={(e) => set(i, { coins: e.target.value })} />
              </td>
              <td className="cs-cell-input">
                <input className="cs-input" value={r.bonus} inputMode="decimal" aria-label={t('prices.cols.bonus')} onChange={(e) => set(i, { bonus: e.target.value })} />
              </td>
              {PAYMENT_CURRENCIES.map((c) => (
                <td key={c} className="cs-cell-input">
                  <input className="cs-input" value={r.price[c]} inputMode="decimal" aria-label={c} onChange={(e) => set(i, { price: { ...r.price, [c]: e.target.value } })} />
                </td>
              ))}
              <td>
                <input type="checkbox" checked={r.active} aria-label={t('prices.cols.onSale')} onChange={(e) => set(i, { active: e.target.checked })} />
              </td>
              <td>
                <button type="button" className="cs-btn cs-btn--xs" onClick={() => setRows(rows.filter((_, j) => j !== i))} aria-label={t('ops.remove')}>
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="cs-muted">{t('prices.rechargeHint')}</p>
      <button type="button" className="cs-btn cs-btn--xs" onClick={() => setRows([...rows, { id: nextId(), coins: '', bonus: '0', price: { CNY: '', USD: '', EUR: '' }, active: true }])}>
        {t('prices.addPackage')}
      </button>
    </Section>
  );
}

function Nobles({ list }: { list: PriceBook['nobles'] }) {
  const { t } = useTranslation('console');
  const { save, problem, setProblem, send } = useSave();
  const [prices, setPrices] = useState(() => list.map((n) => coinsText(n.price)));
  const onSave = (reason: string) => {
    const out = list.map((n, i) => ({ tier: n.tier, price: parseCoins(prices[i]) }));
    if (out.some((n) => !n.price)) return setProblem(t('prices.invalid'));
    setProblem(null);
    send({ nobles: out as NonNullable<SavePricesInput['nobles']>, reason });
  };
  return (
    <Section title={t('prices.nobles')} onSave={onSave} pending={save.isPending} problem={problem} testId="prices-nobles">
      <div className="cs-grid-form">
        {list.map((n, i) => (
          <PriceField key={n.tier} id={`noble-${n.tier}`} label={t(`prices.tiers.${n.tier}`)} value={prices[i]} onChange={(v) => setPrices(prices.map((p, j) => (j === i ? v : p)))} />
        ))}
      </div>
    </Section>
  );
}

function Guards({ list }: { list: PriceBook['guards'] }) {
  const { t } = useTranslation('console');
  const { save, problem, setProblem, send } = useSave();
  const [prices, setPrices] = useState(() => list.map((g) => coinsText(g.price)));
  const onSave = (reason: string) => {
    const out = list.map((g, i) => ({ id: g.id, price: parseCoins(prices[i]) }));
    if (out.some((g) => !g.price)) return setProblem(t('prices.invalid'));
    setProblem(null);
    send({ guards: out as NonNullable<SavePricesInput['guards']>, reason });
  };
  return (
    <Section title={t('prices.guards')} onSave={onSave} pending={save.isPending} problem={problem} testId="prices-guards">
      <div className="cs-grid-form">
        {list.map((g, i) => (
          <PriceField
            key={g.id}
            id={`guard-${g.id}`}
            label={t('prices.guardPlan', { level: t(`prices.guardLevels.${g.level}`), days: g.days })}
            value={prices[i]}
            onChange={(v) => setPrices(prices.map((p, j) => (j === i ? v : p)))}
          />
        ))}
      </div>
    </Section>
  );
}

function PriceField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('console');
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <div className="cs-inline">
        <input id={id} className="cs-input" inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value)} />
        <span className="cs-muted">{t('prices.coinsUnit')}</span>
      </div>
    </>
  );
}
