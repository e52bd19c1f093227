export const LANGS = ['zh', 'en', 'es'] as const;
export type Lang = (typeof LANGS)[number];
/** One message in the three interface languages. */
export type Catalogue = Record<string, Record<Lang, string>>;
