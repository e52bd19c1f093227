import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReplayDetail } from '@livesports/contracts/replays';
import { CLIP_MAX_SECONDS, CLIP_TITLE_MAX, ClipStatus } from '@livesports/contracts/replays-constants';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { clipPage } from '@/config/paths';
import { useClips, useCreateClip, useDeleteClip, usePublishClip } from '../api/replays';
import { clock } from '../lib';

/**
 * The anchor's (or an administrator's) clip cutter: start and end taken from the player, a
 * title, key-frame cut (instant, no re-encode) or frame-exact (re-encoded on the server).
 */
export function ClipEditor({ replay, time }: { replay: ReplayDetail; time: number }) {
  const { t } = useTranslation('replays');
  const [start, setStart] = useState<number | null>(null);
  const [end, setEnd] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [exact, setExact] = useState(false);
  const create = useCreateClip((_c, msg) => toast.success(msg));
  const clips = useClips(replay.id);
  const publish = usePublishClip((msg) => toast.success(msg));
  const remove = useDeleteClip((msg) => toast.success(msg));
  const len = start !== null && end !== null ? end - start : 0;
  const ok = start !== null && end !== null && len >= 1 && len <= CLIP_MAX_SECONDS && title.trim().length > 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ok) return;
    create.mutate({ replay_id: replay.id, start: start!, end: end!, title: title.trim(), exact: exact ? 1 : 0 });
  };

  return (
    <section className="card clip-editor" aria-labelledby="clip-title" data-testid="clip-editor">
      <h2 id="clip-title" className="card__title">
        ✂ {t('clip.title')}
      </h2>
      <form className="clip-editor__form" onSubmit={submit}>
        <div className="clip-editor__marks">
          <Button type="button" size="sm" variant="secondary" onClick={() => setStart(Math.floor(time * 10) / 10)} data-testid="clip-set-start">
            {t('clip.setStart')} {start !== null && <b>{clock(start)}</b>}
          </Button>
          <Button type="button" size="sm" variant="secondary" onClick={() => setEnd(Math.floor(time * 10) / 10)} data-testid="clip-set-end">
            {t('clip.setEnd')} {end !== null && <b>{clock(end)}</b>}
          </Button>
          <span className="muted small" data-testid="clip-length">
            {start !== null && end !== null ? (len >= 1 && len <= CLIP_MAX_SECONDS ? t('clip.length', { s: Math.round(len) }) : t('clip.badLength')) : t('clip.hint')}
          </span>
        </div>
        <input
          className="input"
          value={title}
          maxLength={CLIP_TITLE_MAX}
          onChange={(e) => setTitle(e.target.value)}
          placeholder={t('clip.titlePlaceholder')}
          aria-label={t('clip.titlePlaceholder')}
          data-testid="clip-title"
        />
        <label className="clip-editor__exact">
          <input type="checkbox" checked={exact} onChange={(e) => setExact(e.target.checked)} data-testid="clip-exact" /> {t('clip.exact')}
          <span className="muted small">{exact ? t('clip.exactHint') : t('clip.keyframeHint')}</span>
        </label>
        <Button type="submit" disabled={!ok} loading={create.isPending} data-testid="clip-create">
          {t('clip.create')}
        </Button>
      </form>
      {clips.data?.list.length ? (
        <ul className="clip-list" data-testid="clip-list">
          {clips.data.list.map((c) => (
            <li key={c.id} className="clip-list__item" data-testid="clip-item" data-status={c.status}>
              <span className="clip-list__name">
                {c.title}{' '}
                <span className="muted small">
                  {clock(c.start)}–{clock(c.end)}
                </span>
              </span>
              {c.status === ClipStatus.MAKING && <span className="badge">{t('clip.making')}</span>}
              {c.status === ClipStatus.FAILED && <span className="badge badge--danger">{t('clip.failed')}</span>}
              {c.status === ClipStatus.READY && (
                <>
                  <Link to={clipPage(c.room_id, c.id)} className="btn btn--ghost btn--sm" data-testid="clip-open">
                    <span>{t('clip.open')}</span>
                  </Link>
                  {c.article_id ? (
                    <span className="badge badge--ok">{t('clip.published')}</span>
                  ) : (
                    <Button size="sm" variant="secondary" loading={publish.isPending} onClick={() => publish.mutate(c.id)} data-testid="clip-publish">
                      {t('clip.publish')}
                    </Button>
                  )}
                </>
              )}
              <Button size="sm" variant="ghost" onClick={() => window.confirm(t('clip.deleteConfirm')) && remove.mutate(c.id)}>
                {t('clip.delete')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
