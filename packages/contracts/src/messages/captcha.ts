import type { Catalogue } from './catalogue.ts';

/** Messages of the captcha domain (see messages.ts). */
export const captchaMessages = {
  'captcha.required': { en: 'Please complete the slider verification', zh: '请完成滑块验证', es: 'Complete la verificación deslizante' },
  'captcha.failed': { en: 'Verification failed, please try again', zh: '验证失败，请重试', es: 'Verificación fallida, inténtelo de nuevo' },
  'captcha.expired': { en: 'The verification has expired, please slide again', zh: '验证已过期，请重新滑动', es: 'La verificación ha caducado, deslice de nuevo' },
} satisfies Catalogue;
