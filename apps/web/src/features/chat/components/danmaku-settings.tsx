import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DANMAKU_LIMITS } from '@livesports/contracts/chat-constants';
import { SPEEDS } from '../lib/danmaku-settings';
import { updateDanmaku, useDanmaku, useDanmakuSpeed } from '../lib/danmaku-store';

/** Danmaku on/off and a small popover: top kept clear, area, size, opacity, speed (saved in localStorage). */
export function DanmakuControls() {
  const { t } = useTranslation('chat');
  const s = useDanmaku();
  const { speed, setSpeed } = useDanmakuSpeed();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => !box.current?.contains(e.target as Node) && setOpen(false);
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);

  return (
    <div className="dm-controls" ref={box}>
      <button
        type="button"
        className={s.show ? 'dm-chip dm-chip--on' : 'dm-chip'}
        data-testid="danmaku-toggle"
        aria-pressed={s.show}
        title={t(s.show ? 'danmaku.hide' : 'danmaku.show')}
        onClick={() => updateDanmaku({ show: !s.show })}
      >
        {t('danmaku.label')}
      </button>
      <button type="button" className="dm-chip" aria-expanded={open} aria-label={t('danmaku.settings')} title={t('danmaku.settings')} onClick={() => setOpen(!open)}>
        ⚙
      </button>
      {open && (
        <div className="dm-pop" data-testid="danmaku-settings" role="dialog" aria-label={t('danmaku.settings')}>
          <label className="dm-pop__row">
            <span>{t('danmaku.showLabel')}</span>
            <input type="checkbox" checked={s.show} onChange={(e) => updateDanmaku({ show: e.target.checked })} />
          </label>
          <label className="dm-pop__row" title={t('danmaku.avoidTopHint')}>
            <span>{t('danmaku.avoidTop')}</span>
            <input type="checkbox" data-testid="danmaku-avoid-top" checked={s.avoidTop} onChange={(e) => updateDanmaku({ avoidTop: e.target.checked })} />
          </label>
          <div className="dm-pop__row">
            <span>{t('danmaku.area')}</span>
            <div className="dm-seg">
              {[1, 2, 3, 4].map((a) => (
                <button type="button" key={a} className={s.area === a ? 'dm-seg__btn dm-seg__btn--on' : 'dm-seg__btn'} onClick={() => updateDanmaku({ area: a })}>
                  {t(`danmaku.areas.${a}`)}
                </button>
              ))}
            </div>
          </div>
          <div className="dm-pop__row">
            <span>{t('danmaku.size')}</span>
            <div className="dm-seg">
              {[1, 2, 3].map((z) => (
                <button type="button" key={z} className={s.size === z ? 'dm-seg__btn dm-seg__btn--on' : 'dm-seg__btn'} onClick={() => updateDanmaku({ size: z })}>
                  {t(`danmaku.sizes.${z}`)}
                </button>
              ))}
            </div>
          </div>
          <label className="dm-pop__row">
            <span>
              {t('danmaku.opacity')} <b>{s.opacity}%</b>
            </span>
            <input type="range" min={DANMAKU_LIMITS.opacity[0]} max={DANMAKU_LIMITS.opacity[1]} step={5} value={s.opacity} onChange={(e) => updateDanmaku({ opacity: Number(e.target.value) })} />
          </label>
          <label className="dm-pop__row">
            <span>{t('danmaku.speed')}</span>
            <select className="dm-pop__select" value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
              {SPEEDS.map((v) => (
                <option key={v} value={v}>
                  {v === 1 ? t('danmaku.normal') : `${v}×`}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </div>
  );
}
