import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, envelope, mockFetch, Providers, setupI18n } from '@/test-utils';
import { i18n } from '@/shared/i18n';
import { useAppStore } from '@/shared/stores/app';
import { useToastStore } from '@/shared/stores/toast';
import type { LoginMode } from '@/shared/stores/login-dialog';
import '../locales';
import { LoginForm } from './login-form';

const system = {
  websocket: '',
  CountryCode: '86',
  apply_for_anchor: '1',
  feedback_qq: '',
  customer_service_email: '',
  site_icp: '',
  site_gwa: '',
  Value_added_business_license: '',
  site_name: 'LiveSports',
  third_login: [],
  captcha: false,
};

function renderForm(mode: LoginMode) {
  return render(
    <Providers>
      <LoginForm mode={mode} onModeChange={() => {}} />
    </Providers>,
  );
}

const byTestId = (id: string) => screen.getByTestId(id);

beforeAll(async () => {
  await setupI18n('en');
});

beforeEach(() => {
  localStorage.clear();
  clearCookies();
  useToastStore.getState().clear();
  useAppStore.setState({ system });
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('login form validation', () => {
  it('login with empty fields shows the localized messages and sends nothing', () => {
    const fetch = mockFetch(() => envelope({ code: 200, msg: '', data: null }));
    renderForm('login');
    fireEvent.click(byTestId('login-submit'));
    expect(screen.getByText('Please enter your email')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('register with empty fields also asks for the code', () => {
    const fetch = mockFetch(() => envelope({ code: 200, msg: '', data: null }));
    renderForm('register');
    fireEvent.click(byTestId('login-submit'));
    expect(screen.getByText('Please enter your email')).toBeTruthy();
    expect(screen.getByText('Please enter the code')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the messages in the current language (es)', async () => {
    await i18n.changeLanguage('es');
    mockFetch(() => envelope({ code: 200, msg: '', data: null }));
    renderForm('forgot');
    fireEvent.click(byTestId('login-submit'));
    expect(screen.getByText('Introduzca su correo electrónico')).toBeTruthy();
    expect(screen.getByText('Introduzca el código')).toBeTruthy();
  });

  it('rejects a bad e-mail and a short password before sending', () => {
    const fetch = mockFetch(() => envelope({ code: 200, msg: '', data: null }));
    renderForm('login');
    fireEvent.change(byTestId('login-email'), { target: { value: 'not-an-email' } });
    fireEvent.change(byTestId('login-password'), { target: { value: 'abc' } });
    fireEvent.click(byTestId('login-submit'));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be 6-12 letters or digits')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a valid login with device_type pc', async () => {
    const fetch = mockFetch(() => envelope({ code: 1, msg: 'Wrong email or password', data: null }, 400));
    renderForm('login');
    fireEvent.change(byTestId('login-email'), { target: { value: ' Ann@Example.com ' } });
    fireEvent.change(byTestId('login-password'), { target: { value: 'secret12' } });
    await act(async () => {
      fireEvent.click(byTestId('login-submit'));
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/user/login');
    expect(JSON.parse(String(init?.body))).toMatchObject({ mobile: 'ann@example.com', password: 'secret12', device_type: 'pc' });
  });
});

describe('get code button', () => {
  it('an empty e-mail shows the empty-email message and requests nothing', () => {
    const fetch = mockFetch(() => envelope({ code: 200, msg: '', data: { resend_in: 60 } }));
    renderForm('register');
    fireEvent.click(byTestId('login-code-btn'));
    expect(screen.getByText('Please enter your email')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for a type 1 code on register, then stays disabled for 60 s with a countdown', async () => {
    vi.useFakeTimers();
    const fetch = mockFetch(() => envelope({ code: 200, msg: 'The code has been sent to your email', data: { resend_in: 60 } }));
    renderForm('register');
    fireEvent.change(byTestId('login-email'), { target: { value: 'ann@example.com' } });
    const btn = byTestId('login-code-btn') as HTMLButtonElement;
    expect(btn.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(btn);
    });
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ mobile: 'ann@example.com', type: 1 });
    expect(btn.disabled).toBe(true);
    expect(btn.textContent).toBe('60s');

    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    expect(btn.disabled).toBe(true);
    expect(btn.textContent).toBe('30s');

    // A click while waiting sends nothing.
    fireEvent.click(btn);
    expect(fetch).toHaveBeenCalledTimes(1);

    await act(async () => {
      vi.advanceTimersByTime(29_000);
    });
    expect(btn.disabled).toBe(true);
    expect(btn.textContent).toBe('1s');

    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(btn.disabled).toBe(false);
    expect(btn.textContent).toBe('Get code');
  });

  it('asks for a type 2 code on forgot password', async () => {
    const fetch = mockFetch(() => envelope({ code: 200, msg: '', data: { resend_in: 60 } }));
    renderForm('forgot');
    fireEvent.change(byTestId('login-email'), { target: { value: 'ann@example.com' } });
    await act(async () => {
      fireEvent.click(byTestId('login-code-btn'));
    });
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ mobile: 'ann@example.com', type: 2 });
  });

  it('stays enabled when the server refuses the code', async () => {
    mockFetch(() => envelope({ code: 1, msg: 'Please wait 30 seconds before requesting another code', data: null }, 429));
    renderForm('register');
    fireEvent.change(byTestId('login-email'), { target: { value: 'ann@example.com' } });
    await act(async () => {
      fireEvent.click(byTestId('login-code-btn'));
    });
    expect((byTestId('login-code-btn') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('login answer', () => {
  it("a login answer without data is rejected with 'Your session has expired. Please log in again.'", async () => {
    mockFetch(() => envelope({ code: 200, msg: 'Logged in', data: null }));
    renderForm('login');
    fireEvent.change(byTestId('login-email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(byTestId('login-password'), { target: { value: 'secret12' } });
    await act(async () => {
      fireEvent.click(byTestId('login-submit'));
    });
    const messages = useToastStore.getState().toasts.map((t) => t.message);
    expect(messages).toEqual(['Your session has expired. Please log in again.']);
    expect(document.cookie).not.toContain('token=');
  });
});
