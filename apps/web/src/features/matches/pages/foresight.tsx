import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import '@/shared/i18n/messages';
import '../locales';
import '../matches.css';
import type { Foresight } from '@livesports/contracts/matches';
import { timeAgo } from '@/shared/lib/time-ago';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { Avatar } from '@/shared/ui/avatar';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { EmptyState } from '@/shared/ui/empty-state';
import { Pager } from '@/shared/ui/pager';
import { Spinner } from '@/shared/ui/spinner';
import { useForesightDetail, useForesightList, usePundits } from '../api/queries';
import { MatchStatus } from '../components/match-status';
import { PublishPick } from '../components/publish-pick';
import { competitionName, scoreLivePage, started, teamName } from '../lib/format';

const LIMIT = 12;
const pct = (n: number) => `${(n / 10).toFixed(n % 10 ? 1 : 0)}%`;

function PickLine({ f }: { f: Foresight }) {
  const { t } = useTranslation('matches');
  return (
    <div className="pick-line">
      <span className="chip chip--static">{t(`odds.kind.${f.kind}`)}</span>
      <strong>{t(`foresight.pick.${f.pick}`)}</strong>
      {f.kind !== 'eu' && <span>{t('foresight.line', { line: f.kind === 'asia' && f.line > 0 ? `+${f.line}` : f.line })}</span>}
      <span className="pick-line__odds">{t('foresight.at', { odds: f.odds.toFixed(2) })}</span>
      <span className={`result result--${f.result}`} data-testid="pick-result">
        {t(`foresight.result.${f.result}`)}
      </span>
    </div>
  );
}

function ForesightCard({ f, onOpen }: { f: Foresight; onOpen: () => void }) {
  const { t, i18n } = useTranslation('matches');
  const lang = i18n.language;
  const m = f.match;
  return (
    <article className="foresight-card card" data-testid="foresight-card">
      <header className="foresight-card__head">
        <Avatar src={f.anchor.avatar} size={36} />
        <div>
          <strong>{f.anchor.nickname}</strong>
          <small>
            {t('foresight.hitRate')} {pct(f.anchor.hit_rate)} · {t('foresight.record', { hits: f.anchor.hits, settled: f.anchor.settled })}
          </small>
        </div>
        <time className="foresight-card__time">{timeAgo(new Date(f.created_at * 1000).toISOString())}</time>
      </header>
      <Link to={scoreLivePage(m.id)} className="foresight-card__match">
        <span style={{ color: m.competition_color }}>{competitionName(m, lang, true)}</span>
        <span className="foresight-card__teams">
          {teamName(m, 'home', lang)} {started(m) ? `${m.home_score} - ${m.away_score}` : t('list.vs')} {teamName(m, 'away', lang)}
        </span>
        <MatchStatus row={m} />
      </Link>
      <h3 className="foresight-card__title">{f.title}</h3>
      <PickLine f={f} />
      {f.analysis && (
        <p className="foresight-card__analysis">
          {f.analysis}{' '}
          <button type="button" className="link" onClick={onOpen}>
            {t('foresight.readMore')} ›
          </button>
        </p>
      )}
    </article>
  );
}

function Detail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('matches');
  const { data } = useForesightDetail(id);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={data?.title ?? t('foresight.title')} width={560}>
      {data ? (
        <div className="foresight-detail">
          <PickLine f={data} />
          <p>{data.analysis}</p>
        </div>
      ) : (
        <Spinner />
      )}
    </Dialog>
  );
}

/** /foresight: anchors' picks before kick-off, settled at full-time, with hit rates. */
export function ForesightPage() {
  const { t } = useTranslation('matches');
  const [params, setParams] = useSearchParams();
  const user = useAuthStore((s) => s.user);
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const [publishing, setPublishing] = useState(false);
  const status = Number(params.get('status')) || 0;
  const type = Number(params.get('type')) || 0;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const detailId = Number(params.get('id')) || 0;
  const list = useForesightList({ status, type, page, limit: LIMIT });
  const pundits = usePundits();
  const set = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) v === undefined ? next.delete(k) : next.set(k, v);
    setParams(next);
  };

  return (
    <section className="page foresight-page" data-testid="foresight">
      <div className="foresight-page__main">
        <header className="page__head foresight-page__head">
          <div>
            <h1 className="page__title">{t('foresight.title')}</h1>
            <p className="page__lead">{t('foresight.lead')}</p>
          </div>
          <Button
            onClick={() => (!islogin ? openLogin('login') : setPublishing(true))}
            disabled={islogin && !user?.is_anchor}
            title={islogin && !user?.is_anchor ? t('foresight.anchorsOnly') : undefined}
            data-testid="publish-open"
          >
            {t('foresight.publish')}
          </Button>
        </header>
        <div className="foresight-page__filters">
          <nav className="m-tabs">
            {[0, 1, 2].map((s) => (
              <button
                key={s}
                type="button"
                className={['m-tabs__tab', status === s && 'is-active'].filter(Boolean).join(' ')}
                onClick={() => set({ status: s ? String(s) : undefined, page: undefined })}
              >
                {t(`foresight.${['all', 'pending', 'settled'][s]}`)}
              </button>
            ))}
          </nav>
          <div className="m-tabs m-tabs--pills">
            {[0, 1, 2].map((k) => (
              <button key={k} type="button" className={['m-tabs__tab', type === k && 'is-active'].filter(Boolean).join(' ')} onClick={() => set({ type: k ? String(k) : undefined, page: undefined })}>
                {t(`sport.${['all', 'football', 'basketball'][k]}`)}
              </button>
            ))}
          </div>
        </div>
        {islogin && !user?.is_anchor && <p className="foresight-page__note">{t('foresight.anchorsOnly')}</p>}
        {list.isLoading ? (
          <Spinner />
        ) : list.data?.list.length ? (
          <>
            <div className="foresight-grid">
              {list.data.list.map((f) => (
                <ForesightCard key={f.id} f={f} onOpen={() => set({ id: String(f.id) })} />
              ))}
            </div>
            <Pager page={page} total={list.data.total} limit={LIMIT} onChange={(p) => set({ page: String(p) })} labels={{ prev: '‹', next: '›', page: (n) => String(n) }} />
          </>
        ) : (
          <EmptyState compact text={t('foresight.empty')} />
        )}
      </div>
      <aside className="card pundits" aria-label={t('foresight.pundits')}>
        <h2>{t('foresight.pundits')}</h2>
        <ol>
          {pundits.data?.map((p, i) => (
            <li key={p.uid}>
              <span className="pundits__rank">{i + 1}</span>
              <Avatar src={p.avatar} size={28} />
              <span className="pundits__name">{p.nickname}</span>
              <span className="pundits__rate">{pct(p.hit_rate)}</span>
              <small>{t('foresight.record', { hits: p.hits, settled: p.settled })}</small>
            </li>
          ))}
        </ol>
      </aside>
      {publishing && <PublishPick open={publishing} onOpenChange={setPublishing} type={type} />}
      {detailId > 0 && <Detail id={detailId} onClose={() => set({ id: undefined })} />}
    </section>
  );
}
