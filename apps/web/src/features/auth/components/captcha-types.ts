import type { ComponentType } from 'react';

// The slider captcha is another feature's component (features/captcha). Features don't import each
// other, so app/ hands it to the login dialog as a prop of this shape.
export interface SliderCaptchaProps {
  request: <T>(method: 'GET' | 'POST', path: string, payload?: object) => Promise<T>;
  onSuccess: (ticket: string) => void;
  onClose?: () => void;
  /** Translates a full key; the captcha asks for 'captcha:<key>'. */
  t: (key: string) => string;
}
export type SliderCaptchaComponent = ComponentType<SliderCaptchaProps>;
