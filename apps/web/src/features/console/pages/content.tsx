import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONTENT_KINDS, type ContentAction, type ContentKind, type ContentRow } from '@livesports/contracts/console-content';
import { articlePage, postPage } from '@/config/paths';
import { type ContentListFilters, useContentList } from '../api/get-content-list';
import { useFeatureArticle } from '../api/feature-article';
import { useModerateContent } from '../api/moderate-content';
import { ConsolePageFrame, ConsolePager, useConsoleTime } from '../components/console-page';
import { ReasonForm } from '../components/reason-form';
import '../console-ops.css';

const LIMIT = 50;
const EMPTY = { state: 'all', q: '', author: '', reported: false };
type Form = typeof EMPTY;

/** /admin/content: headlines, circle posts and comments; hide, restore, delete (with a reason), feature headlines. */
export function Component() {
  const { t } = useTranslation('console');
  const [kind, setKind] = useState<ContentKind>('article');
  const [form, setForm] = useState<Form>(EMPTY);
  const [applied, setApplied] = useState<Form>(EMPTY);
  const [page, setPage] = useState(1);
  const filters: ContentListFilters = {
    kind,
    state: applied.state as ContentListFilters['state'],
    ...(applied.q ? { q: applied.q } : {}),
    ...(applied.author ? { author: applied.author } : {}),
    reported: applied.reported ? 1 : 0,
    page,
    limit: LIMIT,
  };
  const list = useContentList(filters);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setApplied(form);
    setPage(1);
  };
  const cols = kind === 'article' ? 8 : 7;

  return (
    <ConsolePageFrame titleKey="content.title" testId="console-content">
      <div className="cs-tabs" role="tablist">
        {CONTENT_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === kind}
            className={k === kind ? 'cs-tabs__tab is-active' : 'cs-tabs__tab'}
            data-testid={`content-tab-${k}`}
            onClick={() => {
              setKind(k);
              setPage(1);
            }}
          >
            {t(`content.kinds.${k}`)}
          </button>
        ))}
      </div>
      <form className="cs-filters" onSubmit={submit}>
        <label className="cs-field">
          <span>{t('content.filters.state')}</span>
          <select className="cs-select" value={form.state} onChange={(e) => setForm({ ...form, state: e.target.value })} name="state">
            {['all', 'visible', 'hidden', 'deleted'].map((s) => (
              <option key={s} value={s}>
                {t(`content.states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="cs-field">
          <span>{t('content.filters.q')}</span>
          <input className="cs-input" name="q" value={form.q} onChange={(e) => setForm({ ...form, q: e.target.value })} />
        </label>
        <label className="cs-field">
          <span>{t('content.filters.author')}</span>
          <input className="cs-input" name="author" inputMode="numeric" value={form.author} onChange={(e) => setForm({ ...form, author: e.target.value })} />
        </label>
        <label className="cs-check">
          <input type="checkbox" checked={form.reported} onChange={(e) => setForm({ ...form, reported: e.target.checked })} />
          {t('content.filters.reported')}
        </label>
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
      <table className="cs-table" data-testid="content-table">
        <thead>
          <tr>
            <th>{t('content.cols.id')}</th>
            <th>{t(kind === 'article' ? 'content.cols.headline' : 'content.cols.text')}</th>
            <th>{t('content.cols.author')}</th>
            <th>{t('content.cols.state')}</th>
            <th className="cs-num">{t('content.cols.reports')}</th>
            {kind === 'article' && <th>{t('content.cols.home')}</th>}
            <th>{t('content.cols.time')}</th>
            <th>{t('content.cols.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.list.map((r) => (
            <ContentTableRow key={`${r.kind}-${r.id}`} row={r} cols={cols} />
          ))}
          {list.data && list.data.list.length === 0 && (
            <tr>
              <td colSpan={cols} className="cs-table__empty">
                {t('content.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {list.data && <ConsolePager page={page} total={list.data.total} limit={LIMIT} onChange={setPage} />}
    </ConsolePageFrame>
  );
}

function threadLink(r: ContentRow) {
  if (r.kind === 'article') return articlePage(r.id);
  if (r.kind === 'post') return postPage(r.id);
  return r.thread ? (r.thread.kind === 'post' ? postPage(r.thread.id) : articlePage(r.thread.id)) : '';
}

function ContentTableRow({ row, cols }: { row: ContentRow; cols: number }) {
  const { t } = useTranslation('console');
  const time = useConsoleTime();
  const [asking, setAsking] = useState<ContentAction | null>(null);
  const moderate = useModerateContent(() => setAsking(null));
  const feature = useFeatureArticle();
  const actions: ContentAction[] = row.state === 'visible' ? ['hide', 'delete'] : row.state === 'hidden' ? ['restore', 'delete'] : [];
  return (
    <>
      <tr data-testid="content-row" data-id={row.id} data-state={row.state}>
        <td className="cs-mono">{row.id}</td>
        <td>
          <div className="cs-text">
            {row.title && <span className="cs-text__title">{row.title}</span>}
            {row.text}
          </div>
          {row.thread && (
            <span className="cs-muted cs-mono">
              {t(`content.kinds.${row.thread.kind}`)} #{row.thread.id}
            </span>
          )}
        </td>
        <td className="cs-nowrap">
          {row.author.nickname} <span className="cs-muted">#{row.author.id}</span>
        </td>
        <td>
          <span className={`cs-tag cs-state--${row.state}`}>{t(`content.states.${row.state}`)}</span>
        </td>
        <td className="cs-num">{row.reports > 0 ? <span className="cs-tag cs-state--hidden">{row.reports}</span> : <span className="cs-muted">0</span>}</td>
        {row.kind === 'article' && <td>{row.featured ? <span className="cs-tag cs-tag--accent">{t('content.featured')}</span> : <span className="cs-muted">—</span>}</td>}
        <td className="cs-mono cs-nowrap">{time(row.created_at)}</td>
        <td>
          <div className="cs-row-actions">
            {row.state !== 'deleted' && (
              <Link className="cs-btn cs-btn--xs" to={threadLink(row)} target="_blank" rel="noreferrer">
                {t('content.actions.view')}
              </Link>
            )}
            {actions.map((a) => (
              <button key={a} type="button" className={`cs-btn cs-btn--xs ${a === 'restore' ? 'cs-btn--ok' : 'cs-btn--danger'}`} data-testid={`content-${a}`} onClick={() => setAsking(a)}>
                {t(`content.actions.${a}`)}
              </button>
            ))}
            {row.kind === 'article' && row.state === 'visible' && (
              <button
                type="button"
                className="cs-btn cs-btn--xs"
                data-testid="content-feature"
                disabled={feature.isPending}
                onClick={() => feature.mutate({ id: row.id, featured: row.featured ? 0 : 1 })}
              >
                {t(row.featured ? 'content.actions.unfeature' : 'content.actions.feature')}
              </button>
            )}
          </div>
        </td>
      </tr>
      {asking && (
        <tr className="cs-table__detail">
          <td colSpan={cols}>
            <ReasonForm
              label={t(`content.confirm.${asking}`, { id: row.id })}
              confirmLabel={t(`content.actions.${asking}`)}
              danger={asking !== 'restore'}
              optional={asking === 'restore'}
              pending={moderate.isPending}
              onConfirm={(reason) => moderate.mutate({ kind: row.kind, id: row.id, action: asking, reason })}
              onCancel={() => setAsking(null)}
            />
          </td>
        </tr>
      )}
    </>
  );
}
