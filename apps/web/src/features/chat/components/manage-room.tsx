import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Sanction } from '@livesports/contracts/chat-moderation';
import { KEYWORDS_MAX, KEYWORD_MAX_CHARS, ROOM_ADMIN_MAX, SLOW_MODE_SECONDS, type SlowModeSeconds } from '@livesports/contracts/chat-constants';
import { ApiError } from '@/shared/api/client';
import { currentLanguage } from '@/shared/i18n';
import { tMsg } from '@/shared/i18n/messages';
import { Avatar } from '@/shared/ui/avatar';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { IconShield } from '@/shared/ui/icons';
import { Pager } from '@/shared/ui/pager';
import { Spinner } from '@/shared/ui/spinner';
import { useKeywords, useModerate, useModLog, useMyRole, useRoomAdmins, useSanctions } from '../api/moderation';
import { describeLog, formatWhen, parseKeywords, personName } from '../lib/manage';
import '../locales-manage';
import '../manage.css';

// The room's management dialog (spec §6): who is muted or kicked (and lifting it), the
// moderation log in words, the anchor's admins and keyword filter. Shown to the anchor and the
// room's admins only; the server checks every action again.

type Tab = 'sanctions' | 'log' | 'admins' | 'keywords';
const LOG_LIMIT = 20;

/**
 * Each tab reads its list again when shown: another moderator, or the name menu in another tab,
 * may have acted since (the site's queries otherwise stay fresh for 30 s).
 */
function useFreshOnShow(queryKey: readonly unknown[]) {
  const qc = useQueryClient();
  const k = JSON.stringify(queryKey);
  useEffect(() => {
    const key = JSON.parse(k) as unknown[];
    // A first load already under way is fresh enough.
    if (qc.isFetching({ queryKey: key }) === 0) void qc.invalidateQueries({ queryKey: key });
  }, [qc, k]);
}

/** The server's words for a failed call (already localized), or nothing. */
const errorText = (e: unknown) => (e instanceof ApiError ? e.message : e ? String((e as Error).message ?? e) : '');

export function ManageRoomButton({ roomId }: { roomId: number }) {
  const { t } = useTranslation('chat-manage');
  const role = useMyRole(roomId).data?.role;
  const [open, setOpen] = useState(false);
  if (role !== 'anchor' && role !== 'admin') return null;
  return (
    <>
      <button type="button" className="manage-btn" data-testid="manage-room-open" aria-label={t('manage.open')} title={t('manage.open')} onClick={() => setOpen(true)}>
        <IconShield size={16} />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t('manage.title')} width={620} testId="manage-room-dialog" className="manage-dialog">
        <ManageRoom roomId={roomId} anchor={role === 'anchor'} />
      </Dialog>
    </>
  );
}

function ManageRoom({ roomId, anchor }: { roomId: number; anchor: boolean }) {
  const { t } = useTranslation('chat-manage');
  const tabs: Tab[] = anchor ? ['sanctions', 'log', 'admins', 'keywords'] : ['sanctions', 'log'];
  const [tab, setTab] = useState<Tab>('sanctions');
  const base = useId();
  return (
    <div className="manage">
      <SlowModeRow roomId={roomId} />
      <div className="manage__tabs" role="tablist" aria-label={t('manage.title')}>
        {tabs.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`${base}-${k}`}
            aria-selected={tab === k}
            aria-controls={`${base}-${k}-panel`}
            className={tab === k ? 'manage__tab is-active' : 'manage__tab'}
            data-testid={`manage-tab-${k}`}
            onClick={() => setTab(k)}
          >
            {t(`manage.tabs.${k}`)}
          </button>
        ))}
      </div>
      <div className="manage__panel" role="tabpanel" id={`${base}-${tab}-panel`} aria-labelledby={`${base}-${tab}`}>
        {tab === 'sanctions' && <SanctionsTab roomId={roomId} />}
        {tab === 'log' && <LogTab roomId={roomId} />}
        {tab === 'admins' && anchor && <AdminsTab roomId={roomId} />}
        {tab === 'keywords' && anchor && <KeywordsTab roomId={roomId} />}
      </div>
    </div>
  );
}

/** The room's slow mode (anchor and admins): off, 3, 5 or 10 s between one viewer's messages. */
function SlowModeRow({ roomId }: { roomId: number }) {
  const { t } = useTranslation('chat-manage');
  const role = useMyRole(roomId);
  const { setSlowMode } = useModerate(roomId);
  const id = useId();
  const value = role.data?.slow_mode ?? 0;
  return (
    <div className="manage__slow">
      <label htmlFor={id}>{t('slowMode.label')}</label>
      <select
        id={id}
        className="manage__select"
        data-testid="manage-slow-mode"
        value={value}
        disabled={!role.data || setSlowMode.isPending}
        onChange={(e) => setSlowMode.mutate(Number(e.target.value) as SlowModeSeconds)}
      >
        {SLOW_MODE_SECONDS.map((s) => (
          <option key={s} value={s}>
            {s ? t('slowMode.seconds', { n: s }) : t('slowMode.off')}
          </option>
        ))}
      </select>
      <span className="manage__hint">{t('slowMode.hint')}</span>
      {setSlowMode.error && (
        <p className="manage__error" role="alert">
          {errorText(setSlowMode.error)}
        </p>
      )}
    </div>
  );
}

function Loading() {
  const { t } = useTranslation('chat-manage');
  return (
    <p className="manage__state">
      <Spinner size={14} /> {t('manage.loading')}
    </p>
  );
}

function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation('chat-manage');
  return (
    <p className="manage__error" role="alert">
      {errorText(error)}{' '}
      <button type="button" className="manage__link" onClick={retry}>
        {t('manage.retry')}
      </button>
    </p>
  );
}

function SanctionsTab({ roomId }: { roomId: number }) {
  const { t } = useTranslation('chat-manage');
  const list = useSanctions(roomId);
  useFreshOnShow(['chat', 'mod', roomId, 'sanctions']);
  const { mute, kick } = useModerate(roomId);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const lang = currentLanguage();

  const lift = async (s: Sanction) => {
    const id = `${s.kind}-${s.user.id}`;
    setBusy(id);
    setError('');
    try {
      await (s.kind === 'mute' ? mute : kick).mutateAsync({ user_id: s.user.id, minutes: 0 });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadError error={list.error} retry={() => void list.refetch()} />;
  return (
    <>
      {error && (
        <p className="manage__error" role="alert">
          {error}
        </p>
      )}
      {list.data.length === 0 ? (
        <p className="manage__state">{t('sanctions.empty')}</p>
      ) : (
        <ul className="manage-list" data-testid="manage-sanctions">
          {list.data.map((s) => {
            const name = personName(s.user);
            return (
              <li key={`${s.kind}-${s.user.id}`} className="manage-list__row" data-testid="manage-sanction">
                <Avatar src={s.user.avatar} size={28} />
                <span className="manage-list__name">{name}</span>
                <span className={`manage-tag manage-tag--${s.kind}`}>{t(`sanctions.${s.kind}`)}</span>
                <time className="manage-list__meta" dateTime={s.until}>
                  {t('sanctions.until', { when: formatWhen(s.until, lang) })}
                </time>
                <Button
                  variant="outline"
                  size="sm"
                  loading={busy === `${s.kind}-${s.user.id}`}
                  aria-label={t(s.kind === 'mute' ? 'sanctions.liftMute' : 'sanctions.liftKick', { name })}
                  onClick={() => void lift(s)}
                >
                  {t('sanctions.lift')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

function LogTab({ roomId }: { roomId: number }) {
  const { t } = useTranslation('chat-manage');
  const [page, setPage] = useState(1);
  const log = useModLog(roomId, page);
  useFreshOnShow(['chat', 'mod', roomId, 'log']);
  const lang = currentLanguage();
  if (log.isPending) return <Loading />;
  if (log.isError) return <LoadError error={log.error} retry={() => void log.refetch()} />;
  return (
    <>
      {log.data.list.length === 0 ? (
        <p className="manage__state">{t('log.empty')}</p>
      ) : (
        <ol className="manage-log" data-testid="manage-log">
          {log.data.list.map((e) => (
            <li key={e.id} className={`manage-log__row manage-log__row--${e.action}`} data-testid="manage-log-row">
              <time className="manage-log__time" dateTime={e.created_at}>
                {formatWhen(e.created_at, lang)}
              </time>
              <span className="manage-log__text">{describeLog(t as never, e)}</span>
              {e.action === 'blocked_message' && typeof e.detail.text === 'string' && <q className="manage-log__quote">{e.detail.text}</q>}
            </li>
          ))}
        </ol>
      )}
      <Pager
        page={page}
        total={log.data.total}
        limit={LOG_LIMIT}
        onChange={setPage}
        labels={{ prev: t('log.prev'), next: t('log.next'), page: (n) => t('log.page', { n }) }}
        testId="manage-log-pager"
      />
    </>
  );
}

function AdminsTab({ roomId }: { roomId: number }) {
  const { t } = useTranslation('chat-manage');
  const admins = useRoomAdmins(roomId);
  useFreshOnShow(['chat', 'mod', roomId, 'admins']);
  const { setAdmin } = useModerate(roomId);
  const [error, setError] = useState('');
  const lang = currentLanguage();

  const remove = async (userId: number) => {
    setError('');
    try {
      await setAdmin.mutateAsync({ user_id: userId, status: 0 });
    } catch (e) {
      setError(errorText(e));
    }
  };

  if (admins.isPending) return <Loading />;
  if (admins.isError) return <LoadError error={admins.error} retry={() => void admins.refetch()} />;
  return (
    <>
      <p className="manage__hint">{t('admins.hint')}</p>
      <p className="manage__count">{t('admins.count', { n: admins.data.length, max: ROOM_ADMIN_MAX })}</p>
      {error && (
        <p className="manage__error" role="alert">
          {error}
        </p>
      )}
      {admins.data.length === 0 ? (
        <p className="manage__state">{t('admins.empty')}</p>
      ) : (
        <ul className="manage-list" data-testid="manage-admins">
          {admins.data.map((a) => {
            const name = personName(a);
            return (
              <li key={a.id} className="manage-list__row" data-testid="manage-admin">
                <Avatar src={a.avatar} size={28} />
                <span className="manage-list__name">{name}</span>
                <time className="manage-list__meta" dateTime={a.created_at}>
                  {t('admins.since', { when: formatWhen(a.created_at, lang) })}
                </time>
                <Button
                  variant="outline"
                  size="sm"
                  loading={setAdmin.isPending && setAdmin.variables?.user_id === a.id}
                  aria-label={t('admins.removeLabel', { name })}
                  onClick={() => void remove(a.id)}
                >
                  {t('admins.remove')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

function KeywordsTab({ roomId }: { roomId: number }) {
  const { t } = useTranslation('chat-manage');
  const saved = useKeywords();
  const { setKeywords } = useModerate(roomId);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const fieldId = useId();

  // The field starts from the saved list; what the anchor types is kept until saved.
  useEffect(() => {
    if (text === null && saved.data) setText(saved.data.join('\n'));
  }, [saved.data, text]);

  if (saved.isPending) return <Loading />;
  if (saved.isError) return <LoadError error={saved.error} retry={() => void saved.refetch()} />;

  const value = text ?? '';
  const parsed = parseKeywords(value);
  // The server keeps its own order (alphabetical); the same words in another order are no change.
  const unchanged = [...parsed.words].sort().join('\n') === [...saved.data].sort().join('\n');

  const save = async () => {
    if (parsed.error) return;
    setError('');
    setDone(false);
    try {
      const words = await setKeywords.mutateAsync(parsed.words);
      setText(words.join('\n'));
      setDone(true);
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <form
      className="manage-keywords"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor={fieldId} className="manage-keywords__label">
        {t('keywords.label')}
      </label>
      <textarea
        id={fieldId}
        className="manage-keywords__area"
        data-testid="manage-keywords-input"
        rows={6}
        value={value}
        spellCheck={false}
        aria-invalid={!!parsed.error || undefined}
        onChange={(e) => {
          setText(e.target.value);
          setDone(false);
          setError('');
        }}
      />
      <div className="manage-keywords__chips" data-testid="manage-keywords-chips" aria-live="polite">
        {parsed.words.length === 0 ? (
          <span className="manage__state">{t('keywords.empty')}</span>
        ) : (
          parsed.words.map((w) => (
            <span key={w} className={[...w].length > KEYWORD_MAX_CHARS ? 'manage-chip manage-chip--bad' : 'manage-chip'} data-testid="manage-keyword">
              {w}
              <button type="button" className="manage-chip__x" aria-label={`× ${w}`} onClick={() => setText(parsed.words.filter((x) => x !== w).join('\n'))}>
                ×
              </button>
            </span>
          ))
        )}
      </div>
      <p className="manage__hint">{t('keywords.hint', { max: KEYWORDS_MAX, chars: KEYWORD_MAX_CHARS })}</p>
      <div className="manage-keywords__foot">
        <span className={parsed.tooMany ? 'manage__count manage__count--over' : 'manage__count'}>{t('keywords.count', { n: parsed.words.length, max: KEYWORDS_MAX })}</span>
        {done && unchanged && (
          <span className="manage__ok" role="status">
            {t('keywords.saved')}
          </span>
        )}
        <Button type="submit" size="sm" loading={setKeywords.isPending} disabled={!!parsed.error || unchanged} data-testid="manage-keywords-save">
          {t('keywords.save')}
        </Button>
      </div>
      {parsed.error && (
        <p className="manage__error" role="alert">
          {tMsg(parsed.error)}
          {parsed.tooLong.length > 0 && ` · ${t('keywords.tooLong', { words: parsed.tooLong.join(', ') })}`}
        </p>
      )}
      {error && (
        <p className="manage__error" role="alert" data-testid="manage-keywords-error">
          {error}
        </p>
      )}
    </form>
  );
}
