import type { Catalogue } from './catalogue.ts';

/** Messages of the common domain (see messages.ts). */
export const commonMessages = {
  'common.error': { en: 'Error', zh: '错误', es: 'Error' },
  'common.ok': { en: 'Success', zh: '成功', es: 'Éxito' },
  'common.cross_site': {
    en: 'This request came from another site and was refused. Please do it on this site.',
    zh: '该请求来自其他网站，已被拒绝。请在本站操作。',
    es: 'Esta solicitud vino de otro sitio y fue rechazada. Hágalo en este sitio.',
  },
  'common.bad_characters': { en: 'The text contains a character that is not allowed', zh: '内容包含不允许的字符', es: 'El texto contiene un carácter no permitido' },
  'common.input_error': { en: 'Something in the form is not right. Please check it.', zh: '输入有误，请检查！', es: 'Hay un dato que no es correcto. Revíselo, por favor.' },
  'common.not_found': { en: 'Not found', zh: '未找到', es: 'No encontrado' },
  'common.forbidden': { en: 'You do not have permission to do this', zh: '您没有权限执行此操作', es: 'No tiene permiso para hacer esto' },
  'common.too_many': { en: 'Too many requests, please try again later', zh: '请求过于频繁，请稍后再试', es: 'Demasiadas solicitudes, inténtelo más tarde' },
  'common.server_error': { en: 'Server error, please try again later', zh: '服务器错误，请稍后再试', es: 'Error del servidor, inténtelo más tarde' },
  'common.coming_soon': { en: 'Coming soon', zh: '开发中...', es: 'Próximamente' },
} satisfies Catalogue;
