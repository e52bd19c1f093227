import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ClipStatus } from '@livesports/contracts/replays-constants';
import { articlePage, livePage, replayPage } from '@/config/paths';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { toast } from '@/shared/stores/toast';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageSpinner, Spinner } from '@/shared/ui/spinner';
import { useClip } from '../api/replays';
import { clock } from '../lib';
import '../locales';
import '../replays.css';

/** /live?id=<room>&clip=<id>: one clip, the URL that is shared. */
export function ClipPage() {
  const { t } = useTranslation('replays');
  const [params] = useSearchParams();
  const id = Number(params.get('clip') ?? 0);
  const clip = useClip(Number.isInteger(id) ? id : 0);
  const c = clip.data;
  useDocumentTitle(c ? `${c.title} · ${c.nickname}` : undefined);
  if (!(id > 0) || clip.isError) {
    return (
      <section className="page">
        <div className="card">
          <EmptyState
            title={t('clip.notFound')}
            text={t('notFoundText')}
            action={
              <Link className="btn btn--primary btn--md" to={livePage(Number(params.get('id') ?? 0))}>
                <span>{t('backToRoom')}</span>
              </Link>
            }
          />
        </div>
      </section>
    );
  }
  if (!c) return <PageSpinner />;
  return (
    <section className="page clip-page" data-testid="clip-page">
      <div className="card clip-page__card">
        <h1 className="clip-page__title" data-testid="clip-page-title">
          {c.title}
        </h1>
        <p className="muted small">
          {c.nickname} · {clock(c.duration)} · {t('clip.from', { at: clock(c.start) })}
        </p>
        {c.status === ClipStatus.READY ? (
          <video className="clip-page__video" src={c.url} poster={c.poster || undefined} controls playsInline preload="metadata" data-testid="clip-video" />
        ) : c.status === ClipStatus.MAKING ? (
          <div className="clip-page__making">
            <Spinner size={28} /> {t('clip.making')}
          </div>
        ) : (
          <p className="notice">{t('clip.failed')}</p>
        )}
        <div className="clip-page__actions">
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={() =>
              void navigator.clipboard?.writeText(window.location.href).then(
                () => toast.success(t('linkCopied')),
                () => toast.error(t('copyFailed')),
              )
            }
            data-testid="clip-share"
          >
            <span>{t('clip.share')}</span>
          </button>
          <Link className="btn btn--secondary btn--sm" to={replayPage(c.room_id, c.replay_id, c.start)}>
            <span>{t('clip.watchReplay')}</span>
          </Link>
          {c.article_id && (
            <Link className="btn btn--ghost btn--sm" to={articlePage(c.article_id)}>
              <span>{t('clip.inHeadlines')}</span>
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
