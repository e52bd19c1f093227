import { useEffect, useState } from 'react';
import { afterNextPaint } from '../lib/after-paint';
import { currentLanguage, i18n, registerLocalesFor } from './index';

// Meta descriptions (what search results and shared links show under the title) are no part of the
// first view: their texts (namespace 'meta', one file per language) load after the first paint.

const files = import.meta.glob('../../locales/*/meta.json', { import: 'default' });
let loading: Promise<void> | null = null;

function loadMeta(): Promise<void> {
  loading ??= registerLocalesFor(files).catch(() => {
    loading = null;
  });
  return loading;
}

const hasMeta = () => i18n.hasResourceBundle(currentLanguage(), 'meta');

/** The 'meta' namespace's t once its texts are in, null before. */
export function useMetaT() {
  const [ready, setReady] = useState(hasMeta);
  useEffect(() => {
    if (ready) return;
    let alive = true;
    const cancel = afterNextPaint(() => void loadMeta().then(() => alive && setReady(hasMeta())));
    return () => {
      alive = false;
      cancel();
    };
  }, [ready]);
  return ready ? i18n.getFixedT(null, 'meta') : null;
}
