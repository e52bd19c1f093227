import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type MyRoom, PLACARD_MAX, RoomStatus } from '@livesports/contracts/live';
import { livePage, MemberType, memberPage } from '@/config/paths';
import { useAuthStore } from '@/shared/stores/auth';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconHistory, IconMic, IconTv } from '@/shared/ui/icons';
import { Input, Textarea } from '@/shared/ui/input';
import { Pager } from '@/shared/ui/pager';
import { PageSpinner } from '@/shared/ui/spinner';
import { useCreateReservation, useDeleteReservation, useReservations } from '../api/reservations';
import { useEndRoom, useLiveRecord, useMyRoom, useResetKey, useSetPlacard, useStartRoom, useUpdateRoom } from '../api/my-room';
import { IconCopy, IconEye } from './player/player-icons';
import { MatchLinkCard } from './match-link-card';
import { MatchPicker } from './match-picker';
import { ReservationRows, useWhen } from './reservation-list';
import { StreamHealthCard } from './stream-health-card';
import '../locales';
import '../live.css';
// Registers the server message catalogue (namespace 'msg') this file's texts use.
import '@/shared/i18n/messages';

async function copy(text: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    // Spec §8's message for browsers that refuse.
    toast.error(failed);
  }
}

export const duration = (s: number) => {
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}h ${String(m).padStart(2, '0')}m` : `${m}m ${String(s % 60).padStart(2, '0')}s`;
};

/** Where OBS or ffmpeg pushes: server URL and stream key, each to copy; the key can be reset. */
function StreamSetup({ room }: { room: MyRoom }) {
  const { t } = useTranslation('live');
  const [shown, setShown] = useState(false);
  const reset = useResetKey((msg) => toast.success(msg));
  const copied = t('broadcast.copied');
  const failed = t('broadcast.copyFailed');
  return (
    <section className="card" aria-labelledby="setup-title" data-testid="stream-setup">
      <h2 id="setup-title" className="card__title">
        <IconMic size={16} /> {t('broadcast.setup')}
      </h2>
      {!room.ingest ? (
        <p className="notice">{t('broadcast.noIngest')}</p>
      ) : (
        <>
          <div className="kv">
            <span className="kv__k">{t('broadcast.server')}</span>
            <code className="kv__v" data-testid="rtmp-url">
              {room.rtmp_url}
            </code>
            <Button size="sm" variant="ghost" icon={<IconCopy size={14} />} onClick={() => void copy(room.rtmp_url, copied, failed)} aria-label={t('broadcast.copy')} />
          </div>
          <div className="kv">
            <span className="kv__k">{t('broadcast.key')}</span>
            <code className="kv__v" data-testid="stream-key">
              {shown ? room.stream_key : '•'.repeat(24)}
            </code>
            <Button
              size="sm"
              variant="ghost"
              icon={<IconEye size={14} />}
              onClick={() => setShown((s) => !s)}
              aria-label={shown ? t('broadcast.hideKey') : t('broadcast.showKey')}
              data-testid="show-key"
            />
            <Button size="sm" variant="ghost" icon={<IconCopy size={14} />} onClick={() => void copy(room.stream_key, copied, failed)} aria-label={t('broadcast.copy')} />
          </div>
          <p className="muted small">{t('broadcast.ffmpegHint')}</p>
          <code className="kv__cmd">ffmpeg -re -i match.mp4 -c:v libx264 -c:a aac -f flv {shown ? room.push_url : `${room.rtmp_url}/••••`}</code>
        </>
      )}
      <p className="muted small">{room.ladder ? t('broadcast.ladder') : t('broadcast.noLadder')}</p>
      <div className="form-actions">
        <Button
          variant="outline"
          size="sm"
          loading={reset.isPending}
          onClick={() => {
            if (window.confirm(t('broadcast.resetConfirm'))) reset.mutate(undefined);
          }}
          data-testid="reset-key"
        >
          {t('broadcast.reset')}
        </Button>
      </div>
    </section>
  );
}

/** Title, category and announcement (≤ 200 characters). */
function RoomSettings({ room }: { room: MyRoom }) {
  const { t } = useTranslation('live');
  const [title, setTitle] = useState(room.title);
  const [type, setType] = useState(room.type);
  const [placard, setPlacard] = useState(room.placard);
  const [error, setError] = useState<{ title?: string; placard?: string }>({});
  useEffect(() => {
    setTitle(room.title);
    setType(room.type);
    setPlacard(room.placard);
  }, [room.title, room.type, room.placard]);
  const update = useUpdateRoom();
  const savePlacard = useSetPlacard();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const errs: typeof error = {};
    if (!title.trim()) errs.title = t('msg:live.title_empty');
    if ([...placard].length > PLACARD_MAX) errs.placard = t('msg:live.placard_long');
    setError(errs);
    if (Object.keys(errs).length) return;
    await update.mutateAsync({ title: title.trim(), type: type as 1 | 2 | 3 | 4 });
    const res = await savePlacard.mutateAsync(placard.trim());
    toast.success(res.msg);
  }

  return (
    <form className="card" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="settings-title" data-testid="room-settings">
      <h2 id="settings-title" className="card__title">
        <IconTv size={16} /> {t('broadcast.settings')}
      </h2>
      <div className="room-settings__fields">
        <Input label={t('broadcast.title')} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={40} error={error.title} data-testid="room-title-input" />
        <div className="field">
          <label className="field__label" htmlFor="room-type">
            {t('apply.liveType')}
          </label>
          <div className="field__control">
            <select id="room-type" className="field__input" value={type} onChange={(e) => setType(Number(e.target.value))} data-testid="room-type">
              {[1, 2, 3, 4].map((ty) => (
                <option key={ty} value={ty}>
                  {t(`types.${ty}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <Textarea label={t('broadcast.placard')} rows={3} value={placard} onChange={(e) => setPlacard(e.target.value)} error={error.placard} data-testid="placard-input" />
      <p className={['counter', [...placard].length > PLACARD_MAX && 'counter--over'].filter(Boolean).join(' ')} data-testid="placard-count">
        {[...placard].length}/{PLACARD_MAX}
      </p>
      <div className="form-actions">
        <Button type="submit" loading={update.isPending || savePlacard.isPending} data-testid="save-room">
          {t('broadcast.save')}
        </Button>
      </div>
    </form>
  );
}

/** Announce a broadcast (it shows in the offline room and on /reserve), and the list of them. */
function Schedule({ roomId }: { roomId: number }) {
  const { t } = useTranslation('live');
  const [title, setTitle] = useState('');
  const [at, setAt] = useState('');
  const [home, setHome] = useState('');
  const [away, setAway] = useState('');
  const [league, setLeague] = useState('');
  // A broadcast of a match: its teams and kick-off come from the match, and it links the room around kick-off.
  const [sport, setSport] = useState<1 | 2>(1);
  const [matchId, setMatchId] = useState(0);
  const list = useReservations({ room_id: roomId, page: 1, limit: 20 });
  const create = useCreateReservation((msg) => {
    toast.success(msg);
    setTitle('');
    setAt('');
    setHome('');
    setAway('');
    setLeague('');
    setMatchId(0);
  });
  const remove = useDeleteReservation((msg) => toast.success(msg));
  return (
    <section className="card" aria-labelledby="schedule-form-title" data-testid="schedule">
      <h2 id="schedule-form-title" className="card__title">
        {t('broadcast.schedule')}
      </h2>
      <form
        className="schedule-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            matchId
              ? { title, start_time: at ? new Date(at).toISOString() : '', sport, match_id: matchId }
              : { title, start_time: at ? new Date(at).toISOString() : '', home_name: home, away_name: away, league_name: league },
          );
        }}
      >
        <Input label={t('broadcast.showTitle')} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={40} data-testid="schedule-title" />
        <Input label={t('broadcast.startAt')} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} data-testid="schedule-time" />
        <MatchPicker
          type={sport}
          onType={setSport}
          value={matchId}
          onChange={(id, row) => {
            setMatchId(id);
            // Kick-off as the default start (local time, as the field shows it).
            if (row && !at) {
              const d = new Date(row.match_time * 1000 - 15 * 60_000);
              setAt(new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
            }
          }}
          none={t('matchLink.noMatch')}
          testId="schedule-match"
        />
        {!matchId && (
          <>
            <Input label={t('broadcast.home')} value={home} onChange={(e) => setHome(e.target.value)} maxLength={60} />
            <Input label={t('broadcast.away')} value={away} onChange={(e) => setAway(e.target.value)} maxLength={60} />
            <Input label={t('broadcast.league')} value={league} onChange={(e) => setLeague(e.target.value)} maxLength={60} />
          </>
        )}
        <div className="form-actions">
          <Button type="submit" loading={create.isPending} data-testid="schedule-add">
            {t('broadcast.announce')}
          </Button>
        </div>
      </form>
      {list.data?.list.length ? (
        <ReservationRows
          list={list.data.list}
          showAnchor={false}
          actions={(r) => (
            <Button size="sm" variant="ghost" onClick={() => remove.mutate(r.id)} data-testid={`schedule-delete-${r.id}`}>
              {t('broadcast.delete')}
            </Button>
          )}
        />
      ) : (
        <p className="muted">{t('room.noSchedule')}</p>
      )}
    </section>
  );
}

const LIMIT = 10;

/** Each session: start, end, duration, peak viewers, gifts. */
function Record() {
  const { t } = useTranslation('live');
  const when = useWhen();
  const [page, setPage] = useState(1);
  const record = useLiveRecord(page, LIMIT);
  return (
    <section className="card" aria-labelledby="record-title" data-testid="broadcast-record">
      <h2 id="record-title" className="card__title">
        <IconHistory size={16} /> {t('broadcast.record')}
        {record.data && <span className="muted small">{t('broadcast.totals', { count: record.data.total, time: duration(record.data.total_seconds) })}</span>}
      </h2>
      {record.data?.list.length ? (
        <div className="live-table-wrap">
          <table className="live-table">
            <thead>
              <tr>
                <th>{t('broadcast.started')}</th>
                <th>{t('broadcast.ended')}</th>
                <th>{t('broadcast.duration')}</th>
                <th>{t('broadcast.peak')}</th>
                <th>{t('broadcast.gifts')}</th>
              </tr>
            </thead>
            <tbody>
              {record.data.list.map((r) => (
                <tr key={r.id} data-testid={`record-${r.id}`}>
                  <td>
                    {when(r.start_time)}
                    <span className="live-table__sub">{r.title}</span>
                  </td>
                  <td>{r.end_time ? when(r.end_time) : <span className="badge badge--ok">{t('broadcast.onAir')}</span>}</td>
                  <td>{duration(r.duration)}</td>
                  <td>{r.peak_viewers}</td>
                  <td>{(r.gifts / 10).toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <EmptyState compact title={t('broadcast.noRecordTitle')} text={t('broadcast.noRecordText')} />
      )}
      <Pager page={page} total={record.data?.total ?? 0} limit={LIMIT} onChange={setPage} labels={{ prev: t('pager.prev'), next: t('pager.next'), page: (n) => t('pager.page', { n }) }} />
    </section>
  );
}

/** /member?type=9: the anchor's studio: go live, push settings, room settings, schedule, record. */
export function BroadcastPanel() {
  const { t } = useTranslation('live');
  const isAnchor = useAuthStore((s) => s.user?.is_anchor === 1);
  const room = useMyRoom(isAnchor);
  const start = useStartRoom((msg) => toast.success(msg));
  const end = useEndRoom((msg) => toast.success(msg));

  if (!isAnchor) {
    return (
      <div className="card">
        <EmptyState
          icon={<IconMic size={36} />}
          title={t('broadcast.notAnchorTitle')}
          text={t('broadcast.notAnchorText')}
          action={
            <Link className="btn btn--primary btn--md" to={memberPage(MemberType.APPLY_ANCHOR)}>
              <span>{t('broadcast.apply')}</span>
            </Link>
          }
        />
      </div>
    );
  }
  if (room.isPending) return <PageSpinner />;
  if (!room.data) return null;
  const r = room.data;
  const status = r.status === RoomStatus.LIVE ? 'live' : r.status === RoomStatus.WAITING ? 'waiting' : 'offline';

  return (
    <div className="studio" data-testid="broadcast-panel">
      <section className={`card studio__status studio__status--${status}`} data-testid="studio-status" data-status={status}>
        <div>
          <p className="studio__state">
            {status === 'live' && <i className="live-dot" aria-hidden />} {t(`broadcast.state.${status}`)}
          </p>
          <p className="muted small">{t(`broadcast.stateHint.${status}`)}</p>
        </div>
        <span className="badge badge--accent">
          LV{r.level} · {r.exp} exp
        </span>
        <div className="studio__actions">
          <Link className="btn btn--secondary btn--md" to={livePage(r.room_id)} data-testid="open-room">
            <span>{t('broadcast.openRoom')}</span>
          </Link>
          {status === 'offline' ? (
            <Button loading={start.isPending} onClick={() => start.mutate(undefined)} data-testid="start-room">
              {t('broadcast.start')}
            </Button>
          ) : (
            <Button
              variant="outline"
              loading={end.isPending}
              onClick={() => {
                if (window.confirm(t('broadcast.endConfirm'))) end.mutate(undefined);
              }}
              data-testid="end-room"
            >
              {t('broadcast.end')}
            </Button>
          )}
        </div>
      </section>
      {status !== 'offline' && r.ingest && <StreamHealthCard />}
      <div className="studio__grid">
        <StreamSetup room={r} />
        <RoomSettings room={r} />
      </div>
      <MatchLinkCard room={r} />
      <Schedule roomId={r.room_id} />
      <Record />
    </div>
  );
}
