import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';

const SECTIONS = ['terms', 'privacy', 'streaming'] as const;

/** /about-user: terms of service, privacy policy and the streaming agreement, with #anchors. */
export function AboutUserPage() {
  const { t } = useTranslation('legal');
  const { hash } = useLocation();

  useEffect(() => {
    const id = hash.replace('#', '');
    if (!id) return;
    // After the router's own scroll restoration has run for this navigation.
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [hash]);

  return (
    <section className="page legal">
      <header className="page__head">
        <h1 className="page__title">{t('title')}</h1>
        <p className="page__sub">{t('updated')}</p>
      </header>
      <div className="legal__layout">
        <nav className="legal__toc card" aria-label={t('toc')}>
          <ol>
            {SECTIONS.map((s) => (
              <li key={s}>
                <a href={`#${s}`}>{t(`${s}.title`)}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="legal__body">
          {SECTIONS.map((s) => (
            <article key={s} id={s} className="card legal__section">
              <h2>{t(`${s}.title`)}</h2>
              <p className="legal__intro">{t(`${s}.intro`)}</p>
              {(t(`${s}.items`, { returnObjects: true }) as { h: string; p: string }[]).map((item, i) => (
                <section key={i}>
                  <h3>
                    {i + 1}. {item.h}
                  </h3>
                  <p>{item.p}</p>
                </section>
              ))}
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
