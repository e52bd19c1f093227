import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffGift } from '@livesports/contracts/console-catalog';
import { GIFT_EFFECTS, formatCoins, parseCoins } from '@livesports/contracts/economy';
import { useUpload } from '@/shared/hooks/use-upload';
import { useGiftCatalogue } from '../api/get-gift-catalogue';
import { useSaveGift } from '../api/save-gift';
import { ConsolePageFrame } from '../components/console-page';
import '../console-ops.css';

const NEW: StaffGift = { id: 0, code: '', name_zh: '', name_en: '', name_es: '', price: 10, image: '', animation: 'float', sort: 0, active: 1 };

/** /admin/gifts: the gift catalogue: name in three languages, icon (uploaded), price, effect, on/off, order. */
export function Component() {
  const { t } = useTranslation('console');
  const gifts = useGiftCatalogue();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  return (
    <ConsolePageFrame
      titleKey="gifts.title"
      testId="console-gifts"
      actions={
        <button type="button" className="cs-btn cs-btn--primary" onClick={() => setEditing('new')} data-testid="gift-add">
          {t('gifts.add')}
        </button>
      }
    >
      {editing === 'new' && (
        <div className="cs-card cs-block">
          <h2 className="cs-card__title">{t('gifts.add')}</h2>
          <GiftForm gift={{ ...NEW, sort: (gifts.data?.length ?? 0) * 10 }} onDone={() => setEditing(null)} />
        </div>
      )}
      <table className="cs-table cs-block" data-testid="gifts-table">
        <thead>
          <tr>
            <th>{t('gifts.cols.icon')}</th>
            <th>{t('gifts.cols.code')}</th>
            <th>{t('gifts.cols.names')}</th>
            <th className="cs-num">{t('gifts.cols.price')}</th>
            <th>{t('gifts.cols.effect')}</th>
            <th className="cs-num">{t('gifts.cols.sort')}</th>
            <th>{t('gifts.cols.active')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {gifts.data?.map((g) => (
            <GiftRow key={g.id} gift={g} editing={editing === g.id} onEdit={() => setEditing(editing === g.id ? null : g.id)} onDone={() => setEditing(null)} />
          ))}
        </tbody>
      </table>
    </ConsolePageFrame>
  );
}

function GiftRow({ gift, editing, onEdit, onDone }: { gift: StaffGift; editing: boolean; onEdit: () => void; onDone: () => void }) {
  const { t } = useTranslation('console');
  return (
    <>
      <tr data-testid="gift-row" data-code={gift.code}>
        <td>{gift.image ? <img className="cs-icon" src={gift.image} alt="" width={32} height={32} /> : null}</td>
        <td className="cs-mono">{gift.code}</td>
        <td>
          {gift.name_zh} · {gift.name_en} · {gift.name_es}
        </td>
        <td className="cs-num" data-testid="gift-price">
          {formatCoins(gift.price)}
        </td>
        <td>{t(`gifts.effects.${gift.animation}`)}</td>
        <td className="cs-num">{gift.sort}</td>
        <td>{gift.active ? <span className="cs-tag cs-state--visible">{t('gifts.on')}</span> : <span className="cs-tag cs-state--deleted">{t('gifts.off')}</span>}</td>
        <td>
          <button type="button" className="cs-btn cs-btn--xs" onClick={onEdit} data-testid="gift-edit" aria-expanded={editing}>
            {t('ops.edit')}
          </button>
        </td>
      </tr>
      {editing && (
        <tr className="cs-table__detail">
          <td colSpan={8}>
            <GiftForm gift={gift} onDone={onDone} />
          </td>
        </tr>
      )}
    </>
  );
}

function GiftForm({ gift, onDone }: { gift: StaffGift; onDone: () => void }) {
  const { t } = useTranslation('console');
  const [f, setF] = useState({ ...gift, priceText: formatCoins(gift.price).replace(/,/g, ''), reason: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveGift(onDone);
  const upload = useUpload('image', (r) => setF((x) => ({ ...x, image: r.url })));
  const set = (patch: Partial<typeof f>) => setF({ ...f, ...patch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const price = parseCoins(f.priceText);
    if (price === null || price <= 0) return setProblem(t('gifts.priceInvalid'));
    setProblem(null);
    const { priceText: _p, ...rest } = f;
    save.mutate({ ...rest, price });
  };
  const text = (name: 'code' | 'name_zh' | 'name_en' | 'name_es', max: number) => (
    <>
      <label htmlFor={`gift-${gift.id}-${name}`}>{t(`gifts.fields.${name}`)}</label>
      <input id={`gift-${gift.id}-${name}`} className="cs-input" name={name} maxLength={max} value={f[name]} onChange={(e) => set({ [name]: e.target.value })} />
    </>
  );
  return (
    <form onSubmit={submit} data-testid="gift-form">
      <div className="cs-grid-form">
        {text('code', 30)}
        {text('name_zh', 20)}
        {text('name_en', 30)}
        {text('name_es', 30)}
        <label htmlFor={`gift-${gift.id}-price`}>{t('gifts.fields.price')}</label>
        <input id={`gift-${gift.id}-price`} className="cs-input" name="price" inputMode="decimal" value={f.priceText} onChange={(e) => set({ priceText: e.target.value })} />
        <label htmlFor={`gift-${gift.id}-image`}>{t('gifts.fields.image')}</label>
        <div className="cs-inline">
          {f.image && <img className="cs-icon" src={f.image} alt="" width={32} height={32} />}
          <input id={`gift-${gift.id}-image`} className="cs-input" name="image" value={f.image} onChange={(e) => set({ image: e.target.value })} />
          <label className="cs-btn cs-btn--xs">
            {upload.status === 'uploading' ? `${upload.percent}%` : t('gifts.upload')}
            <input type="file" accept="image/png,image/jpeg,image/webp,image/gif" hidden onChange={(e) => e.target.files?.[0] && void upload.start(e.target.files[0])} />
          </label>
          {upload.error && <span className="cs-error">{upload.error}</span>}
        </div>
        <label htmlFor={`gift-${gift.id}-animation`}>{t('gifts.fields.animation')}</label>
        <select id={`gift-${gift.id}-animation`} className="cs-select" value={f.animation} onChange={(e) => set({ animation: e.target.value as StaffGift['animation'] })}>
          {GIFT_EFFECTS.map((x) => (
            <option key={x} value={x}>
              {t(`gifts.effects.${x}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`gift-${gift.id}-sort`}>{t('gifts.fields.sort')}</label>
        <input id={`gift-${gift.id}-sort`} className="cs-input" type="number" value={f.sort} onChange={(e) => set({ sort: Number(e.target.value) })} />
        <label htmlFor={`gift-${gift.id}-active`}>{t('gifts.fields.active')}</label>
        <label className="cs-check">
          <input id={`gift-${gift.id}-active`} type="checkbox" checked={f.active === 1} onChange={(e) => set({ active: e.target.checked ? 1 : 0 })} />
          {t('gifts.onHint')}
        </label>
      </div>
      <div className="cs-form__foot">
        <input
          className="cs-input"
          name="reason"
          maxLength={200}
          value={f.reason}
          placeholder={t('ops.reasonOptional')}
          aria-label={t('ops.reason')}
          onChange={(e) => set({ reason: e.target.value })}
        />
        {problem && <span className="cs-error">{problem}</span>}
        <button type="submit" className="cs-btn cs-btn--primary" disabled={save.isPending} data-testid="gift-save">
          {t('ops.save')}
        </button>
        <button type="button" className="cs-btn" onClick={onDone}>
          {t('ops.cancel')}
        </button>
      </div>
    </form>
  );
}
