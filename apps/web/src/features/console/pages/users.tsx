import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminPage } from '@/config/paths';
import { Avatar } from '@/shared/ui/avatar';
import { useConsoleMe } from '../api/get-me';
import { useUsers } from '../api/get-users';
import { ConsolePageFrame, ConsolePager, useConsoleTime } from '../components/console-page';
import { UserRoles, UserStanding } from '../components/user-badges';
import { UserDetail } from '../components/user-detail';
import '../users-locales';

const LIMIT = 50;

/** /admin/users: find accounts by id, nickname or (administrators) e-mail; /admin/users?id=… is one user's page. */
export function Component() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? <UserDetail id={id} /> : <UserList />;
}

function UserList() {
  const { t } = useTranslation('console-users');
  const { t: tc } = useTranslation('console');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(q);
  const me = useConsoleMe();
  const isAdmin = me.data?.role === 'admin';
  const list = useUsers({ q, page, limit: LIMIT });
  const time = useConsoleTime();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };

  return (
    <ConsolePageFrame titleKey="menu.users" testId="console-users">
      <form className="cs-filters" onSubmit={submit} role="search">
        <label className="cs-field">
          <span>{t(isAdmin ? 'search.placeholder' : 'search.placeholderMod')}</span>
          <input className="cs-input cs-input--wide" name="q" value={draft} maxLength={100} onChange={(e) => setDraft(e.target.value)} data-testid="users-q" />
        </label>
        <button type="submit" className="cs-btn cs-btn--primary">
          {t('search.submit')}
        </button>
        {q && (
          <button
            type="button"
            className="cs-btn"
            onClick={() => {
              setDraft('');
              setParams({});
            }}
          >
            {tc('filters.clear')}
          </button>
        )}
      </form>
      <table className="cs-table cs-table--mid" data-testid="users-table">
        <thead>
          <tr>
            <th className="cs-num">{t('cols.id')}</th>
            <th>{t('cols.user')}</th>
            {isAdmin && <th>{t('cols.email')}</th>}
            <th>{t('cols.roles')}</th>
            <th>{t('cols.status')}</th>
            <th>{t('cols.joined')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {list.data?.list.map((u) => (
            <tr key={u.id} data-testid="users-row">
              <td className="cs-num cs-mono">{u.id}</td>
              <td>
                <Link to={`${adminPage('users')}?id=${u.id}`} className="cs-user">
                  <Avatar src={u.avatar} size={20} alt="" />
                  <span>{u.nickname}</span>
                </Link>
              </td>
              {isAdmin && <td className="cs-mono">{u.email ?? ''}</td>}
              <td>
                <UserRoles user={u} />
              </td>
              <td>
                <UserStanding status={u.status} sanctions={u.sanctions} />
              </td>
              <td className="cs-mono cs-nowrap">{time(u.created_at)}</td>
              <td className="cs-num">
                <Link to={`${adminPage('users')}?id=${u.id}`} className="cs-btn cs-btn--xs">
                  {t('open')}
                </Link>
              </td>
            </tr>
          ))}
          {list.data && list.data.list.length === 0 && (
            <tr>
              <td colSpan={isAdmin ? 7 : 6} className="cs-table__empty">
                {t('search.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {list.data && <ConsolePager page={page} total={list.data.total} limit={LIMIT} onChange={(p) => setParams(q ? { q, page: String(p) } : { page: String(p) })} />}
    </ConsolePageFrame>
  );
}
