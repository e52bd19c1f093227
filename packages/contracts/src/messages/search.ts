import type { Catalogue } from './catalogue.ts';

/** Messages of the search domain (see messages.ts). */
export const searchMessages = {
  'search.keyword_empty': { en: 'Please enter a search term', zh: '请输入搜索内容', es: 'Introduzca un término de búsqueda' },
  'search.keyword_long': { en: 'The search term cannot exceed 50 characters', zh: '搜索内容不能超过50个字符', es: 'El término de búsqueda no puede superar los 50 caracteres' },
} satisfies Catalogue;
