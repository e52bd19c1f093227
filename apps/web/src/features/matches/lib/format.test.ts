import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/matches.json';
import es from '../../../locales/es/matches.json';
import zh from '../../../locales/zh/matches.json';
import { stageName } from './format';

// Round and group names arrive in the feeds' English; readers get them in their language.

async function t(lang: string) {
  const i = i18next.createInstance();
  await i.init({ lng: lang, resources: { en: { matches: en }, es: { matches: es }, zh: { matches: zh } }, defaultNS: 'matches' });
  return i.t.bind(i) as (key: string, opts?: Record<string, unknown>) => string;
}

describe('stageName', () => {
  it("says the feeds' round and group names in the reader's language", async () => {
    const [tEs, tZh, tEn] = await Promise.all([t('es'), t('zh'), t('en')]);
    expect(stageName('Matchday 15', tEs)).toBe('Jornada 15');
    expect(stageName('Group H', tEs)).toBe('Grupo H');
    expect(stageName('Group H', tZh)).toBe('H组');
    expect(stageName('Round 7', tZh)).toBe('第7轮');
    expect(stageName('Finals, Quarterfinals', tEs)).toBe('Fase final · Cuartos de final');
    expect(stageName('League, Matchday 3', tZh)).toBe('联赛阶段 · 第3轮');
    expect(stageName('Match for third place', tEs)).toBe('Tercer puesto');
    expect(stageName('Final', tZh)).toBe('决赛');
    expect(stageName('Semi-finals', tEn)).toBe('Semi-finals');
  });

  it('keeps wording it does not know as the provider wrote it', async () => {
    expect(stageName('Apertura, Fecha 4', await t('es'))).toBe('Apertura · Fecha 4');
  });
});
