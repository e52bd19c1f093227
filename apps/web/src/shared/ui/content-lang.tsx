import { useTranslation } from 'react-i18next';
import { CONTENT_LANGS, detectContentLang, type ContentLangChoice } from '@livesports/contracts/content-lang';
import { LANGUAGE_LABELS, currentLanguage } from '../i18n';
import { useContentLang } from '../stores/content-lang';

/**
 * The list pages' language switch: the reader's language first (default) or all languages in
 * plain order. Kept in this browser (stores/content-lang).
 */
export function ContentLangFilter({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const all = useContentLang((s) => s.all);
  const setAll = useContentLang((s) => s.setAll);
  const mine = LANGUAGE_LABELS[currentLanguage()];
  return (
    <div className={['content-lang', className].filter(Boolean).join(' ')} role="group" aria-label={t('contentLang.label')} data-testid="content-lang">
      <button type="button" className={all ? 'content-lang__btn' : 'content-lang__btn is-active'} aria-pressed={!all} onClick={() => setAll(false)} data-testid="content-lang-mine">
        {t('contentLang.mine', { lang: mine })}
      </button>
      <button type="button" className={all ? 'content-lang__btn is-active' : 'content-lang__btn'} aria-pressed={all} onClick={() => setAll(true)} data-testid="content-lang-all">
        {t('contentLang.all')}
      </button>
    </div>
  );
}

/** A small tag naming the language of a headline or post that is not in the reader's language. */
export function ContentLangTag({ lang }: { lang: string }) {
  if (lang === currentLanguage()) return null;
  return (
    <span className="lang-tag" lang={lang} data-testid="content-lang-tag">
      {lang.toUpperCase()}
    </span>
  );
}

/** The composer's language: detect from the text (default; the guess is shown) or choose one. */
export function ContentLangSelect({ value, onChange, text, id, testId }: { value: ContentLangChoice; onChange: (v: ContentLangChoice) => void; text: string; id: string; testId: string }) {
  const { t } = useTranslation('common');
  const guess = text.trim() ? LANGUAGE_LABELS[detectContentLang(text)] : null;
  return (
    <label className="content-lang-select" htmlFor={id}>
      <span className="muted">{t('contentLang.field')}</span>
      <select id={id} className="field__input" aria-label={t('contentLang.field')} value={value} onChange={(e) => onChange(e.target.value as ContentLangChoice)} data-testid={testId}>
        <option value="auto">{guess ? t('contentLang.detected', { lang: guess }) : t('contentLang.detect')}</option>
        {CONTENT_LANGS.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_LABELS[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
