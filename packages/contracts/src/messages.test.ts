import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGS, messages, pickLang, translate } from './messages.ts';

describe('message catalogue', () => {
  it('has a non-empty text in every language for every key', () => {
    for (const [key, texts] of Object.entries(messages)) {
      for (const lang of LANGS) expect(texts[lang as keyof typeof texts], `${key} (${lang})`).toMatch(/\S/);
    }
  });

  it('every message key a schema in this package names exists', () => {
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const used = new Set<string>();
    const prefixes = [...new Set(Object.keys(messages).map((k) => k.split('.')[0]))].join('|');
    const pattern = new RegExp(`'((?:${prefixes})\\.[a-z_]+)'`, 'g');
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'messages.ts')) {
      const src = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const m of src.matchAll(pattern)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(10);
    for (const key of used) expect(Object.keys(messages), key).toContain(key);
  });

  it('defines each key in one file only (the catalogue is spread together: a second definition would silently win)', () => {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'messages');
    const seen = new Map<string, string>();
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/^\s+'([a-z_]+\.[a-z_0-9.]+)':/gm)) {
        expect({ key: m[1], also: seen.get(m[1]) ?? null }).toEqual({ key: m[1], also: null });
        seen.set(m[1], file);
      }
    }
    expect(seen.size).toBe(Object.keys(messages).length);
  });

  it('writes English and Spanish as a person would: capitalised sentences, no shouting (Chinese keeps the spec text)', () => {
    for (const [key, texts] of Object.entries(messages)) {
      for (const lang of ['en', 'es'] as const) {
        const text = texts[lang];
        // A status word interpolated into a sentence ("This order is already paid.") stays lower case.
        if (key === 'economy.order_paid' || key === 'economy.order_failed') continue;
        expect(text, `${key} (${lang})`).not.toMatch(/^[¿¡]?[a-záéíóúñ]/);
        expect(text, `${key} (${lang})`).not.toMatch(/!$/);
        expect(text, `${key} (${lang})`).not.toMatch(/\d(MB|GB)\b/);
      }
    }
    expect(translate('en', 'auth.code_empty')).toBe('Please enter the code');
    expect(translate('en', 'auth.register_success')).toBe('Registered');
    expect(translate('zh', 'auth.register_success')).toBe('注册成功');
  });

  it('keeps the spec codes and the Chinese texts, with the English and Spanish rewritten', () => {
    expect(translate('en', 'auth.login_first')).toBe('Please log in first');
    expect(translate('es', 'auth.login_first')).toBe('Inicie sesión primero, por favor');
    expect(translate('en', 'auth.verification_failed')).toBe('Your session has expired. Please log in again.');
    expect(translate('en', 'auth.password_empty')).toBe('Please enter your password');
    expect(translate('en', 'auth.passwords_mismatch')).toBe('The two passwords do not match');
    expect(translate('zh', 'common.coming_soon')).toBe('开发中...');
  });

  it('fills placeholders and picks a language from headers', () => {
    expect(translate('en', 'auth.code_wait', { seconds: 42 })).toBe('Please wait 42 seconds before requesting another code');
    expect(pickLang(undefined, 'es-ES,es;q=0.9')).toBe('es');
    expect(pickLang('fr-FR,de;q=0.8')).toBe('en');
    expect(pickLang('zh-CN')).toBe('zh');
  });
});
