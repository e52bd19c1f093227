import { useTranslation } from 'react-i18next';
import { LANGS, LANGUAGE_LABELS, currentLanguage, switchLanguage, type Lang } from '../i18n';
import { IconGlobe } from './icons/site';

/** 中文 / English / Español; switching stores the choice and reloads (spec §1). */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const lang = currentLanguage();
  return (
    <label className={['lang-switch', className].filter(Boolean).join(' ')}>
      <IconGlobe size={15} />
      <span className="sr-only">{t('language')}</span>
      <select value={lang} onChange={(e) => switchLanguage(e.target.value as Lang)} data-testid="lang-switch" aria-label={t('language')}>
        {LANGS.map((l) => (
          <option key={l} value={l} data-testid={`lang-${l}`}>
            {LANGUAGE_LABELS[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
