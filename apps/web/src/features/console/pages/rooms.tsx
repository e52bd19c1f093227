import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StaffRoom } from '@livesports/contracts/console-content';
import { ROOM_TITLE_MAX, ROOM_TYPES } from '@livesports/contracts/live';
import { livePage } from '@/config/paths';
import { useEndRoom } from '../api/end-room';
import { type RoomListFilters, useRoomList } from '../api/get-room-list';
import { useResetRoomKey } from '../api/reset-room-key';
import { useUpdateRoom } from '../api/update-room';
import { useWarnRoom } from '../api/warn-room';
import { ConsolePageFrame, ConsolePager, useConsoleTime } from '../components/console-page';
import { ReasonForm } from '../components/reason-form';
import '../console-ops.css';

const LIMIT = 50;
type Asking = 'end' | 'reset' | 'edit' | 'warn' | null;

/** /admin/rooms: live and recent rooms; end a broadcast, reset a key, retitle, warn the room in its chat. */
export function Component() {
  const { t } = useTranslation('console');
  const [state, setState] = useState<RoomListFilters['state']>('live');
  const [q, setQ] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const list = useRoomList({ state, ...(applied ? { q: applied } : {}), page, limit: LIMIT });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setApplied(q.trim());
    setPage(1);
  };
  return (
    <ConsolePageFrame titleKey="rooms.title" testId="console-rooms">
      <div className="cs-tabs" role="tablist">
        {(['live', 'recent'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === state}
            className={s === state ? 'cs-tabs__tab is-active' : 'cs-tabs__tab'}
            onClick={() => {
              setState(s);
              setPage(1);
            }}
          >
            {t(`rooms.tabs.${s}`)}
          </button>
        ))}
      </div>
      <form className="cs-filters" onSubmit={submit}>
        <label className="cs-field">
          <span>{t('rooms.search')}</span>
          <input className="cs-input" name="q" value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
        <button type="submit" className="cs-btn cs-btn--primary">
          {t('filters.apply')}
        </button>
      </form>
      <table className="cs-table" data-testid="rooms-table">
        <thead>
          <tr>
            <th>{t('rooms.cols.room')}</th>
            <th>{t('rooms.cols.anchor')}</th>
            <th>{t('rooms.cols.title')}</th>
            <th>{t('rooms.cols.category')}</th>
            <th>{t('rooms.cols.status')}</th>
            <th className="cs-num">{t('rooms.cols.viewers')}</th>
            <th>{t('rooms.cols.when')}</th>
            <th>{t('rooms.cols.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.list.map((r) => (
            <RoomRow key={r.room_id} room={r} />
          ))}
          {list.data && list.data.list.length === 0 && (
            <tr>
              <td colSpan={8} className="cs-table__empty">
                {t(state === 'live' ? 'rooms.emptyLive' : 'rooms.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {list.data && <ConsolePager page={page} total={list.data.total} limit={LIMIT} onChange={setPage} />}
    </ConsolePageFrame>
  );
}

function RoomRow({ room }: { room: StaffRoom }) {
  const { t } = useTranslation('console');
  const time = useConsoleTime();
  const [asking, setAsking] = useState<Asking>(null);
  const done = () => setAsking(null);
  const end = useEndRoom(done);
  const reset = useResetRoomKey(done);
  const warn = useWarnRoom(done);
  const status = room.status === 2 ? 'live' : room.status === 1 ? 'waiting' : 'offline';
  const when = room.status === 2 ? room.live_since : room.last_live_at;
  return (
    <>
      <tr data-testid="room-row" data-id={room.room_id}>
        <td className="cs-mono">{room.room_id}</td>
        <td className="cs-nowrap">{room.anchor.nickname}</td>
        <td>
          <div className="cs-text">{room.title}</div>
        </td>
        <td className="cs-nowrap">{t(`rooms.types.${room.type}`)}</td>
        <td>
          <span className={`cs-tag ${status === 'live' ? 'cs-state--live' : status === 'waiting' ? 'cs-state--hidden' : ''}`}>{t(`rooms.status.${status}`)}</span>
        </td>
        <td className="cs-num">{room.online}</td>
        <td className="cs-mono cs-nowrap">{when ? time(when) : <span className="cs-muted">—</span>}</td>
        <td>
          <div className="cs-row-actions">
            <Link className="cs-btn cs-btn--xs" to={livePage(room.room_id)} target="_blank" rel="noreferrer">
              {t('rooms.actions.open')}
            </Link>
            <button type="button" className="cs-btn cs-btn--xs" data-testid="room-edit" onClick={() => setAsking('edit')}>
              {t('rooms.actions.edit')}
            </button>
            <button type="button" className="cs-btn cs-btn--xs" data-testid="room-warn" onClick={() => setAsking('warn')}>
              {t('rooms.actions.warn')}
            </button>
            <button type="button" className="cs-btn cs-btn--xs cs-btn--danger" data-testid="room-reset" onClick={() => setAsking('reset')}>
              {t('rooms.actions.reset')}
            </button>
            {room.status !== 0 && (
              <button type="button" className="cs-btn cs-btn--xs cs-btn--danger" data-testid="room-end" onClick={() => setAsking('end')}>
                {t('rooms.actions.end')}
              </button>
            )}
          </div>
        </td>
      </tr>
      {asking && (
        <tr className="cs-table__detail">
          <td colSpan={8}>
            {asking === 'edit' && <EditRoom room={room} onDone={done} />}
            {asking === 'warn' && (
              <ReasonForm
                label={t('rooms.confirm.warn')}
                confirmLabel={t('rooms.actions.send')}
                placeholderKey="rooms.warnPlaceholder"
                pending={warn.isPending}
                onConfirm={(text) => warn.mutate({ room_id: room.room_id, text })}
                onCancel={done}
              />
            )}
            {asking === 'reset' && (
              <ReasonForm
                label={t('rooms.confirm.reset')}
                confirmLabel={t('rooms.actions.reset')}
                danger
                pending={reset.isPending}
                onConfirm={(reason) => reset.mutate({ room_id: room.room_id, reason })}
                onCancel={done}
              />
            )}
            {asking === 'end' && (
              <ReasonForm
                label={t('rooms.confirm.end')}
                confirmLabel={t('rooms.actions.end')}
                danger
                pending={end.isPending}
                onConfirm={(reason) => end.mutate({ room_id: room.room_id, reason })}
                onCancel={done}
              />
            )}
          </td>
        </tr>
      )}
    </>
  );
}

function EditRoom({ room, onDone }: { room: StaffRoom; onDone: () => void }) {
  const { t } = useTranslation('console');
  const [title, setTitle] = useState(room.title);
  const [type, setType] = useState(String(room.type));
  const [reason, setReason] = useState('');
  const update = useUpdateRoom(onDone);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ room_id: room.room_id, ...(title !== room.title ? { title } : {}), ...(Number(type) !== room.type ? { type: Number(type) } : {}), reason });
  };
  return (
    <form className="cs-inline" onSubmit={submit}>
      <input className="cs-input" value={title} maxLength={ROOM_TITLE_MAX} aria-label={t('rooms.cols.title')} onChange={(e) => setTitle(e.target.value)} />
      <select className="cs-select" value={type} aria-label={t('rooms.cols.category')} onChange={(e) => setType(e.target.value)}>
        {ROOM_TYPES.map((n) => (
          <option key={n} value={n}>
            {t(`rooms.types.${n}`)}
          </option>
        ))}
      </select>
      <input className="cs-input" value={reason} maxLength={200} placeholder={t('ops.reasonOptional')} aria-label={t('ops.reason')} onChange={(e) => setReason(e.target.value)} />
      <button type="submit" className="cs-btn cs-btn--xs cs-btn--primary" disabled={update.isPending}>
        {t('ops.save')}
      </button>
      <button type="button" className="cs-btn cs-btn--xs" onClick={onDone}>
        {t('ops.cancel')}
      </button>
    </form>
  );
}
