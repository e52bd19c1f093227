import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { useChatFilters } from '../lib/chat-filters';

/** The viewer's own filters: hide gift and entrance lines, hide effects, and the blocked people. */
export function FiltersMenu() {
  const { t } = useTranslation('chat');
  const f = useChatFilters();
  const active = f.hideGifts || f.hideEntrances || f.hideEffects || f.blocked.length > 0;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={active ? 'dm-chip dm-chip--on' : 'dm-chip'} aria-label={`${t('filters.short')}: ${t('filters.title')}`} title={t('filters.title')} data-testid="chat-filters">
        {t('filters.short')}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu chat-menu" sideOffset={6} align="end">
          <DropdownMenu.Label className="menu__label">{t('filters.title')}</DropdownMenu.Label>
          <DropdownMenu.CheckboxItem
            className="menu__item"
            checked={f.hideGifts}
            onSelect={(e) => e.preventDefault()}
            onCheckedChange={(v) => f.set({ hideGifts: v === true })}
            data-testid="filter-gifts"
          >
            <span className="chat-check" aria-hidden>
              {f.hideGifts ? '✓' : ''}
            </span>
            {t('filters.gifts')}
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.CheckboxItem
            className="menu__item"
            checked={f.hideEntrances}
            onSelect={(e) => e.preventDefault()}
            onCheckedChange={(v) => f.set({ hideEntrances: v === true })}
            data-testid="filter-entrances"
          >
            <span className="chat-check" aria-hidden>
              {f.hideEntrances ? '✓' : ''}
            </span>
            {t('filters.entrances')}
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.CheckboxItem
            className="menu__item"
            checked={f.hideEffects}
            onSelect={(e) => e.preventDefault()}
            onCheckedChange={(v) => f.set({ hideEffects: v === true })}
            data-testid="filter-effects"
          >
            <span className="chat-check" aria-hidden>
              {f.hideEffects ? '✓' : ''}
            </span>
            {t('filters.effects')}
          </DropdownMenu.CheckboxItem>
          {f.blocked.length > 0 && (
            <>
              <DropdownMenu.Separator className="menu__sep" />
              <DropdownMenu.Label className="menu__label">{t('filters.blocked')}</DropdownMenu.Label>
              {f.blocked.map((b) => (
                <DropdownMenu.Item key={b.id} className="menu__item" onSelect={(e) => (e.preventDefault(), f.unblock(b.id))} data-testid="filter-unblock">
                  {t('filters.unblock', { nick: b.nick || b.id })}
                </DropdownMenu.Item>
              ))}
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
