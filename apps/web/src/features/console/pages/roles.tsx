import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSOLE_ROLES, type ConsoleRole, type RoleRow } from '@livesports/contracts/console';
import { useRoles } from '../api/get-roles';
import { useSetRole } from '../api/set-role';
import { useConsoleMe } from '../api/get-me';
import { ConsolePageFrame, ConsolePager, useConsoleTime } from '../components/console-page';

const LIMIT = 50;

/** /admin/roles: the staff, and anyone found by id, nickname or e-mail; administrators give and take back roles (audited). */
export function Component() {
  const { t } = useTranslation('console');
  const [q, setQ] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const [reason, setReason] = useState('');
  const list = useRoles({ q: applied || undefined, page, limit: LIMIT });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setApplied(q.trim());
    setPage(1);
  };
  return (
    <ConsolePageFrame titleKey="roles.title" testId="console-roles">
      <form className="cs-filters" onSubmit={submit}>
        <label className="cs-field">
          <span>{t('roles.search')}</span>
          <input className="cs-input cs-input--wide" value={q} maxLength={60} onChange={(e) => setQ(e.target.value)} placeholder={t('roles.searchHint')} />
        </label>
        <button type="submit" className="cs-btn cs-btn--primary">
          {t('filters.apply')}
        </button>
        <label className="cs-field cs-field--grow">
          <span>{t('roles.reason')}</span>
          <input className="cs-input cs-input--wide" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
        </label>
      </form>
      <p className="cs-muted cs-hint">{t(applied ? 'roles.found' : 'roles.staffOnly')}</p>
      <table className="cs-table" data-testid="roles-table">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('roles.cols.user')}</th>
            <th>{t('roles.cols.email')}</th>
            <th>{t('roles.cols.since')}</th>
            <th>{t('roles.cols.role')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.list.map((r) => (
            <RoleRowView key={r.id} row={r} reason={reason} />
          ))}
          {list.data && list.data.list.length === 0 && (
            <tr>
              <td colSpan={5} className="cs-table__empty">
                {t('roles.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {list.data && <ConsolePager page={page} total={list.data.total} limit={LIMIT} onChange={setPage} />}
    </ConsolePageFrame>
  );
}

function RoleRowView({ row, reason }: { row: RoleRow; reason: string }) {
  const { t } = useTranslation('console');
  const time = useConsoleTime();
  const me = useConsoleMe();
  const set = useSetRole();
  const self = me.data?.user.id === row.id;
  return (
    <tr data-testid="role-row">
      <td className="cs-mono">{row.id}</td>
      <td>{row.nickname}</td>
      <td className="cs-mono">{row.email}</td>
      <td className="cs-mono cs-nowrap">{time(row.created_at)}</td>
      <td>
        <div className="cs-segmented" role="group" aria-label={t('roles.cols.role')}>
          {CONSOLE_ROLES.map((role: ConsoleRole) => (
            <button
              key={role}
              type="button"
              className={role === row.role ? 'is-active' : undefined}
              aria-pressed={role === row.role}
              // Nobody takes away their own administrator role (the server refuses it too).
              disabled={set.isPending || role === row.role || (self && role !== 'admin')}
              onClick={() => set.mutate({ user_id: row.id, role, reason })}
            >
              {t(`roles.names.${role}`)}
            </button>
          ))}
        </div>
      </td>
    </tr>
  );
}
