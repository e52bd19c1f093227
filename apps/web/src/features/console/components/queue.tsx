import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One item at a time: the selected item stays selected while it is in the list; once it is handled
 * (it leaves the list) the first one left, the next oldest, is selected. One click, then the next.
 */
export function useQueueSelection<T>(items: T[] | undefined, idOf: (item: T) => string | number) {
  const [selected, setSelected] = useState<string | number | null>(null);
  const current = items?.find((i) => idOf(i) === selected) ?? items?.[0] ?? null;
  const currentId = current ? idOf(current) : null;
  useEffect(() => {
    if (currentId !== selected) setSelected(currentId);
  }, [currentId, selected]);
  return { current, select: (item: T) => setSelected(idOf(item)) };
}

/** The queue's frame: the waiting items on the left, the selected one in full on the right. */
export function QueueSplit({ list, detail, empty, testId }: { list: ReactNode; detail: ReactNode; empty: boolean; testId?: string }) {
  const { t } = useTranslation('console');
  if (empty) {
    return (
      <div className="cs-card cs-queue__empty" data-testid={testId ? `${testId}-empty` : undefined}>
        {t('queue.empty')}
      </div>
    );
  }
  return (
    <div className="cs-queue" data-testid={testId}>
      <div className="cs-queue__list">{list}</div>
      <div className="cs-queue__detail">{detail}</div>
    </div>
  );
}

/** A labelled value in a detail pane. */
export function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'cs-kv cs-kv--wide' : 'cs-kv'}>
      <div className="cs-kv__k">{label}</div>
      <div className="cs-kv__v">{children}</div>
    </div>
  );
}

/** Coins from the tenths the API counts in. */
export const coins = (tenths: number) => (tenths / 10).toLocaleString(undefined, { maximumFractionDigits: 1 });
