import { useTranslation } from 'react-i18next';
import type { Sport } from '@livesports/contracts/matches-constants';
import { useAppStore } from '@/shared/stores/app';
import { useCompanies } from '../api/queries';
import { ALERT_SCOPES, type AlertScope, useAlertScope } from '../live/alert-scope';
import { useLive } from '../live/store';

function Toggle({ label, checked, onChange, testId }: { label: string; checked: boolean; onChange: (v: boolean) => void; testId?: string }) {
  return (
    <label className="switch">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span className="switch__track" aria-hidden />
      <span>{label}</span>
    </label>
  );
}

/**
 * The list options (immediately value1..value4) and the alert settings (gameSeting), kept locally.
 * On a basketball list the football-only options (cards; half-time score and corners) are left out:
 * they change nothing there. The alerts stay: they pop up on every page.
 */
export function SettingsPanel({ sport = 'football' }: { sport?: Sport }) {
  const { t } = useTranslation('matches');
  const show = useAppStore((s) => s.immediately);
  const setShow = useAppStore((s) => s.setImmediately);
  const game = useAppStore((s) => s.gameSeting);
  const setGame = useAppStore((s) => s.setGameSeting);
  const companyId = useLive((s) => s.companyId);
  const setCompany = useLive((s) => s.setCompany);
  const connected = useLive((s) => s.connected);
  const companies = useCompanies();
  const scope = useAlertScope((s) => s.scope);
  const setScope = useAlertScope((s) => s.setScope);
  return (
    <aside className="card match-settings" aria-label={t('settings.title')}>
      <div className="match-settings__head">
        <h2>{t('settings.title')}</h2>
        <span className={['conn', connected && 'conn--on'].filter(Boolean).join(' ')} data-testid="score-connection">
          <span className="live-dot" aria-hidden />
          {t(connected ? 'settings.live' : 'settings.offline')}
        </span>
      </div>
      {(sport === 'basketball' ? (['value3', 'value4'] as const) : (['value1', 'value2', 'value3', 'value4'] as const)).map((k) => (
        <Toggle key={k} label={t(`settings.${k}`)} checked={show[k]} onChange={(v) => setShow({ [k]: v })} testId={`setting-${k}`} />
      ))}
      {show.value3 && (
        <label className="match-settings__select">
          <span>{t('settings.company')}</span>
          <select value={companyId} onChange={(e) => setCompany(Number(e.target.value))}>
            {(companies.data ?? [{ id: companyId, name: `#${companyId}` }]).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <h2 className="match-settings__sub">{t('settings.alerts')}</h2>
      {/* Which matches pop up: the ones the fan asked for (default), every match, or none. */}
      <label className="match-settings__select">
        <span>{t('settings.scope')}</span>
        <select value={scope} onChange={(e) => setScope(e.target.value as AlertScope)} data-testid="setting-alert-scope">
          {ALERT_SCOPES.map((s) => (
            <option key={s} value={s}>
              {t(`settings.scope_${s}`)}
            </option>
          ))}
        </select>
      </label>
      <Toggle label={t('settings.red')} checked={game.red} onChange={(v) => setGame({ red: v })} />
      <Toggle label={t('settings.yellow')} checked={game.yellow} onChange={(v) => setGame({ yellow: v })} />
      <Toggle label={t('settings.voice')} checked={game.voice} onChange={(v) => setGame({ voice: v })} testId="setting-voice" />
    </aside>
  );
}
