import { lazy, Suspense } from 'react';
import type { SliderCaptchaComponent, SliderCaptchaProps } from '@/features/auth/components/captcha-types';
import { Spinner } from '@/shared/ui/spinner';

// The slider captcha belongs to features/captcha (another engineer's). It is loaded on demand, and
// through a glob so that the site still builds while that file is being written.
const found = import.meta.glob<Record<string, unknown>>('../features/captcha/components/slider-captcha.tsx');
const loader = Object.values(found)[0];

const Lazy = loader
  ? lazy(async () => {
      const m = await loader();
      const C = (m.SliderCaptcha ?? m.default) as SliderCaptchaComponent | undefined;
      if (!C) throw new Error('slider-captcha.tsx exports no SliderCaptcha');
      return { default: C };
    })
  : null;

/** The captcha for the login dialog, or undefined when the component is not in the build. */
export const SliderCaptcha: SliderCaptchaComponent | undefined = Lazy
  ? (props: SliderCaptchaProps) => (
      <Suspense fallback={<Spinner />}>
        <Lazy {...props} />
      </Suspense>
    )
  : undefined;
