import { describe, expect, it } from 'vitest';
import { contentLangOf, detectContentLang } from './content-lang.ts';

describe('detectContentLang', () => {
  it.each([
    ['梅西上演帽子戏法 迈阿密逆转取胜', 'zh'],
    ['CBA季后赛：广东队晋级四强', 'zh'],
    ['<p>今晚 <strong>Real Madrid</strong> 对阵巴萨，谁能赢？</p>', 'zh'],
    ['El Clásico: claves tácticas', 'es'],
    ['¿Quién gana la Liga este año?', 'es'],
    ['Gol de Messi en el partido contra los rivales', 'es'],
    ['Lakers edge Celtics in OT', 'en'],
    ['The match ended 2-1 after a late winner', 'en'],
    ['Real Madrid vs Barcelona', 'en'],
    ['', 'en'],
    ['2-1 ⚽🔥', 'en'],
  ] as const)('%s → %s', (text, lang) => {
    expect(detectContentLang(text)).toBe(lang);
  });

  it('an English text quoting one Chinese name stays English', () => {
    expect(detectContentLang('A great night for the club and its fans, said coach 王')).toBe('en');
  });

  it('a token with digits in it is not a word: a tag such as "mi3el1f" does not make a text Spanish', () => {
    expect(detectContentLang('What a finish tonight mi3el1f')).toBe('en');
    expect(detectContentLang('What a finish tonight y2k')).toBe('en');
    expect(detectContentLang('Gol de Messi 2-1 en el minuto 90')).toBe('es');
  });

  it("the writer's choice wins over detection; auto detects", () => {
    expect(contentLangOf('es', 'An English text')).toBe('es');
    expect(contentLangOf('auto', '中文内容')).toBe('zh');
    expect(contentLangOf(undefined, 'Hola, ¿qué tal?')).toBe('es');
  });
});
