import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@livesports/contracts/console';
import { type AuditFilters, useAuditList } from '../api/get-audit-list';
import { ConsolePageFrame, ConsolePager, useConsoleTime } from '../components/console-page';

const LIMIT = 50;
const EMPTY = { actor: '', action: '', target_type: '', target_id: '', from: '', to: '' };
type Form = typeof EMPTY;

/** /admin/audit: every staff action, newest first; filters by who, what, target and dates. Read only. */
export function Component() {
  const { t } = useTranslation('console');
  const [form, setForm] = useState<Form>(EMPTY);
  const [applied, setApplied] = useState<Form>(EMPTY);
  const [page, setPage] = useState(1);
  const filters: AuditFilters = { ...Object.fromEntries(Object.entries(applied).filter(([, v]) => v !== '')), page, limit: LIMIT };
  const list = useAuditList(filters);
  const time = useConsoleTime();
  const [open, setOpen] = useState<number | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setApplied(form);
    setPage(1);
  };
  const field = (name: keyof Form, type = 'text') => (
    <label className="cs-field">
      <span>{t(`audit.filters.${name}`)}</span>
      <input className="cs-input" type={type} name={name} value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })} />
    </label>
  );

  return (
    <ConsolePageFrame titleKey="audit.title" testId="console-audit">
      <form className="cs-filters" onSubmit={submit}>
        {field('actor')}
        {field('action')}
        {field('target_type')}
        {field('target_id')}
        {field('from', 'date')}
        {field('to', 'date')}
        <button type="submit" className="cs-btn cs-btn--primary">
          {t('filters.apply')}
        </button>
        <button
          type="button"
          className="cs-btn"
          onClick={() => {
            setForm(EMPTY);
            setApplied(EMPTY);
            setPage(1);
          }}
        >
          {t('filters.clear')}
        </button>
      </form>
      <table className="cs-table" data-testid="audit-table">
        <thead>
          <tr>
            <th>{t('audit.cols.time')}</th>
            <th>{t('audit.cols.actor')}</th>
            <th>{t('audit.cols.action')}</th>
            <th>{t('audit.cols.target')}</th>
            <th>{t('audit.cols.reason')}</th>
            <th>{t('audit.cols.change')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.list.map((e) => (
            <AuditRow key={e.id} entry={e} time={time(e.created_at)} open={open === e.id} onToggle={() => setOpen(open === e.id ? null : e.id)} />
          ))}
          {list.data && list.data.list.length === 0 && (
            <tr>
              <td colSpan={6} className="cs-table__empty">
                {t('audit.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {list.data && <ConsolePager page={page} total={list.data.total} limit={LIMIT} onChange={setPage} />}
    </ConsolePageFrame>
  );
}

function AuditRow({ entry, time, open, onToggle }: { entry: AuditEntry; time: string; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('console');
  const hasChange = entry.before != null || entry.after != null;
  return (
    <>
      <tr data-testid="audit-row">
        <td className="cs-mono cs-nowrap">{time}</td>
        <td className="cs-nowrap">{entry.actor ? `${entry.actor.nickname} #${entry.actor.id}` : t('audit.system')}</td>
        <td className="cs-mono">{entry.action}</td>
        <td className="cs-mono">
          {entry.target_type}:{entry.target_id}
        </td>
        <td>{entry.reason}</td>
        <td>
          {hasChange && (
            <button type="button" className="cs-btn cs-btn--xs" onClick={onToggle} aria-expanded={open}>
              {t(open ? 'audit.hide' : 'audit.show')}
            </button>
          )}
        </td>
      </tr>
      {open && (
        <tr className="cs-table__detail">
          <td colSpan={6}>
            <div className="cs-diff">
              <div>
                <div className="cs-diff__label">{t('audit.before')}</div>
                <pre>{JSON.stringify(entry.before, null, 2)}</pre>
              </div>
              <div>
                <div className="cs-diff__label">{t('audit.after')}</div>
                <pre>{JSON.stringify(entry.after, null, 2)}</pre>
              </div>
            </div>
          </td>
        </tr>
      )}
    </>
  );
}
