import { IconChevronLeft } from './icons';

export interface PagerProps {
  page: number;
  total: number;
  limit: number;
  onChange: (page: number) => void;
  labels: { prev: string; next: string; page: (n: number) => string };
  testId?: string;
}

/** Page numbers around the current page, with previous / next. Hidden when everything fits on one page. */
export function Pager({ page, total, limit, onChange, labels, testId }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  const shown = Array.from({ length: Math.min(5, pages) }, (_, i) => from + i);
  return (
    <nav className="pager" aria-label="pagination" data-testid={testId}>
      <button type="button" className="pager__btn" disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label={labels.prev}>
        <IconChevronLeft size={16} />
      </button>
      {shown.map((n) => (
        <button
          key={n}
          type="button"
          className={n === page ? 'pager__btn is-active' : 'pager__btn'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={labels.page(n)}
          onClick={() => onChange(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" className="pager__btn pager__btn--next" disabled={page >= pages} onClick={() => onChange(page + 1)} aria-label={labels.next}>
        <IconChevronLeft size={16} />
      </button>
    </nav>
  );
}
