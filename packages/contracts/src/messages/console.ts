import type { Catalogue } from './catalogue.ts';

/** Messages of the operator's console (see messages.ts). */
export const consoleMessages = {
  'console.page_invalid': { en: 'Invalid page', zh: '页码无效', es: 'Página no válida' },
  'console.actor_invalid': { en: 'Invalid staff member', zh: '操作人无效', es: 'Miembro del equipo no válido' },
  'console.action_invalid': { en: 'Invalid action', zh: '操作类型无效', es: 'Acción no válida' },
  'console.target_invalid': { en: 'Invalid target', zh: '对象无效', es: 'Objeto no válido' },
  'console.date_invalid': { en: 'Invalid date', zh: '日期无效', es: 'Fecha no válida' },
  'console.date_range_invalid': { en: 'The end date comes before the start date', zh: '结束日期早于开始日期', es: 'La fecha final es anterior a la inicial' },
} satisfies Catalogue;
