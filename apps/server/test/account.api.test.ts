import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { desc, inArray } from 'drizzle-orm';
import { mailOutbox } from '../src/db/schema/mail.ts';
import { createAccountRepo } from '../src/modules/account/repo.ts';
import * as api from '@livesports/contracts/account';
import { call, captchaTicket, freshIp, lastMailedCode, newUser, testApp, uniqueEmail } from './helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

describe('POST api/user/getCode', () => {
  it('mails a 6-digit code and blocks a resend for 60 s', async () => {
    const email = uniqueEmail();
    const ok = await call(app, api.getCode, { mobile: email, type: 1 });
    expect(ok).toMatchObject({ status: 200, code: 200, msg: 'The code has been sent to your email', data: { resend_in: 60 } });
    expect(await lastMailedCode(app, email)).toMatch(/^\d{6}$/);
    const again = await call(app, api.getCode, { mobile: email, type: 1 });
    expect(again.code).toBe(1);
    expect(again.status).toBe(429);
    expect(again.msg).toMatch(/^Please wait (60|59) seconds before requesting another code$/);
  });

  it('uses the empty-email message, in the caller language', async () => {
    expect((await call(app, api.getCode, { mobile: '', type: 1 })).msg).toBe('Please enter your email');
    expect((await call(app, api.getCode, { type: 1 }, { lang: 'zh' })).msg).toBe('请输入邮箱');
    expect((await call(app, api.getCode, { mobile: ' ', type: 2 }, { lang: 'es' })).msg).toBe('Introduzca su correo electrónico');
  });

  it('rejects a bad address, an over-long one and an unknown type', async () => {
    expect((await call(app, api.getCode, { mobile: 'not-an-email', type: 1 })).msg).toBe('Please enter a valid email address');
    const long = `${'a'.repeat(95)}@x.com`;
    expect((await call(app, api.getCode, { mobile: long, type: 1 })).msg).toBe('Email cannot exceed 100 characters');
    const bad = await call(app, api.getCode, { mobile: uniqueEmail(), type: 3 });
    expect(bad).toMatchObject({ status: 400, code: 1, msg: 'Unknown code type' });
  });

  it('answers the same whether or not an address is registered; the mail says what to do instead of a useless code', async () => {
    // A registered address with no code asked for lately (a fresh sign-up would still be in its resend wait).
    const u = { email: uniqueEmail('old') };
    await createAccountRepo(app.database.db).createUser({ email: u.email, passwordHash: null, nickname: `old${Date.now().toString(36)}`, inviteCode: `O${Date.now().toString(36)}`.toUpperCase() });
    const stranger = uniqueEmail();
    const taken = await call(app, api.getCode, { mobile: u.email, type: 1 });
    const fresh = await call(app, api.getCode, { mobile: uniqueEmail(), type: 1 });
    const unknown = await call(app, api.getCode, { mobile: stranger, type: 2 });
    const known = await call(app, api.getCode, { mobile: u.email, type: 2 });
    for (const r of [taken, fresh, unknown, known]) expect({ status: r.status, code: r.code, msg: r.msg, data: r.data }).toEqual({ status: 200, code: 200, msg: fresh.msg, data: fresh.data });
    const mails = await app.database.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, [u.email, stranger]))
      .orderBy(desc(mailOutbox.id));
    expect(mails.find((m) => m.to === u.email && m.subject.includes('already have an account'))?.text).toContain('Forgot password');
    expect(mails.find((m) => m.to === stranger)?.text).toContain('sign up with this address');
    expect(mails.find((m) => m.to === stranger)?.text).not.toMatch(/\b\d{6}\b/);
  });

  it('is rate limited per address', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await call(app, api.getCode, { mobile: uniqueEmail(), type: 1 }, { ip })).status);
    expect(codes.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(codes[6]).toBe(429);
  });
});

describe('POST api/user/registered', () => {
  async function codeFor(email: string) {
    await call(app, api.getCode, { mobile: email, type: 1 });
    return lastMailedCode(app, email);
  }

  it('registers with the mailed code and a slider ticket', async () => {
    const email = uniqueEmail();
    const code = await codeFor(email);
    const res = await call(app, api.registered, { mobile: email, code, password: 'abc123', ticket: await captchaTicket(app) });
    expect(res).toMatchObject({ status: 200, code: 200, msg: 'Registered', data: null });
    const login = await call(app, api.login, { mobile: email, password: 'abc123', ticket: await captchaTicket(app) });
    expect(login.code).toBe(200);
  });

  it('each bad field gets its own message, in order', async () => {
    const email = uniqueEmail();
    const ticket = 'x';
    expect((await call(app, api.registered, { mobile: '', code: '123456', password: 'abc123', ticket })).msg).toBe('Please enter your email');
    expect((await call(app, api.registered, { mobile: email, code: '', password: 'abc123', ticket })).msg).toBe('Please enter the code');
    expect((await call(app, api.registered, { mobile: email, code: '12345', password: 'abc123', ticket })).msg).toBe('The code has 6 characters');
    expect((await call(app, api.registered, { mobile: email, code: '123456', password: '', ticket })).msg).toBe('Please enter your password');
    expect((await call(app, api.registered, { mobile: email, code: '123456', password: 'abc', ticket })).msg).toBe('Password must be 6-12 letters or digits');
    expect((await call(app, api.registered, { mobile: email, code: '123456', password: 'abcdefghijklm', ticket })).msg).toBe('Password must be 6-12 letters or digits');
    expect((await call(app, api.registered, { mobile: email, code: '123456', password: 'abc 12!', ticket })).msg).toBe('Password must be 6-12 letters or digits');
  });

  it('needs a valid, unused slider ticket', async () => {
    const email = uniqueEmail();
    const code = await codeFor(email);
    expect((await call(app, api.registered, { mobile: email, code, password: 'abc123' })).msg).toBe('Please complete the slider verification');
    expect((await call(app, api.registered, { mobile: email, code, password: 'abc123', ticket: 'forged' })).msg).toBe('The verification has expired, please slide again');
    const ticket = await captchaTicket(app);
    expect((await call(app, api.registered, { mobile: email, code, password: 'abc123', ticket })).code).toBe(200);
    const other = uniqueEmail();
    const code2 = await codeFor(other);
    // The same ticket a second time: replay refused.
    expect((await call(app, api.registered, { mobile: other, code: code2, password: 'abc123', ticket })).msg).toBe('The verification has expired, please slide again');
  });

  it('refuses a wrong code, and a code is single-use', async () => {
    const email = uniqueEmail();
    const code = await codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await call(app, api.registered, { mobile: email, code: wrong, password: 'abc123', ticket: await captchaTicket(app) })).msg).toBe('The code is wrong or has expired');
    expect((await call(app, api.registered, { mobile: email, code, password: 'abc123', ticket: await captchaTicket(app) })).code).toBe(200);
    expect((await call(app, api.registered, { mobile: email, code, password: 'abc123', ticket: await captchaTicket(app) })).msg).toBe('The code is wrong or has expired');
  });

  it('burns a code after five wrong guesses', async () => {
    const email = uniqueEmail();
    const code = await codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await call(app, api.registered, { mobile: email, code: wrong, password: 'abc123', ticket: await captchaTicket(app) });
    const res = await call(app, api.registered, { mobile: email, code, password: 'abc123', ticket: await captchaTicket(app) });
    expect(res.msg).toBe('The code is wrong or has expired');
  });

  it('a register code does not open forgot-password and vice versa', async () => {
    const u = await newUser(app);
    await call(app, api.getCode, { mobile: u.email, type: 2 });
    const resetCode = await lastMailedCode(app, u.email);
    const other = uniqueEmail();
    const res = await call(app, api.registered, { mobile: other, code: resetCode, password: 'abc123', ticket: await captchaTicket(app) });
    expect(res.msg).toBe('The code is wrong or has expired');
  });

  it('takes an optional invite code, and refuses an unknown one', async () => {
    const inviter = await newUser(app);
    const me = await call(app, api.memberInfo, {}, { token: inviter.token });
    const email = uniqueEmail();
    const code = await codeFor(email);
    const bad = await call(app, api.registered, { mobile: email, code, password: 'abc123', invite: 'NOPE9999', ticket: await captchaTicket(app) });
    expect(bad.msg).toBe('The invite code does not exist');
    const ok = await call(app, api.registered, { mobile: email, code, password: 'abc123', invite: me.data.invite_code, ticket: await captchaTicket(app) });
    expect(ok.code).toBe(200);
  });
});

describe('POST api/user/login', () => {
  it('answers data.token plus user info and sets the token cookie', async () => {
    const u = await newUser(app);
    const res = await call(app, api.login, { mobile: u.email.toUpperCase(), password: u.password, device_type: 'pc', ticket: await captchaTicket(app) });
    expect(res).toMatchObject({ code: 200, msg: 'Logged in' });
    expect(api.login.data.parse(res.data)).toMatchObject({ id: u.id, is_anchor: 0, balance: 0, exp: 0 });
    expect(res.data.token).toMatch(/^[\w-]{40,}$/);
    expect(String(res.headers['set-cookie'])).toContain(`token=${res.data.token}`);
  });

  it('one message for a wrong password and an unknown address', async () => {
    const u = await newUser(app);
    const wrong = await call(app, api.login, { mobile: u.email, password: 'wrong123', ticket: await captchaTicket(app) });
    const unknown = await call(app, api.login, { mobile: uniqueEmail(), password: 'wrong123', ticket: await captchaTicket(app) });
    expect(wrong).toMatchObject({ code: 1, msg: 'Wrong email or password' });
    expect(unknown.msg).toBe(wrong.msg);
    expect((await call(app, api.login, { mobile: u.email, password: u.password, ticket: await captchaTicket(app) }, { lang: 'es' })).msg).toBe('Sesión iniciada');
  });

  it('validates the form and the captcha', async () => {
    expect((await call(app, api.login, { mobile: '', password: 'abc123' })).msg).toBe('Please enter your email');
    expect((await call(app, api.login, { mobile: uniqueEmail(), password: '' })).msg).toBe('Please enter your password');
    expect((await call(app, api.login, { mobile: uniqueEmail(), password: '' }, { lang: 'zh' })).msg).toBe('请输入密码！');
    expect((await call(app, api.login, { mobile: uniqueEmail(), password: 'abc123' })).msg).toBe('Please complete the slider verification');
    expect((await call(app, api.login, { mobile: uniqueEmail(), password: 'abc123', ticket: 't', device_type: 'fax' })).msg).toBe('Unsupported device type');
  });

  it('third-party login is refused when not configured', async () => {
    const res = await call(app, api.login, { type: 'third', token: '?code=x&state=y', type_third: 'google' });
    expect(res).toMatchObject({ code: 1, msg: 'This login method is not available' });
    const tw = await call(app, api.login, { type: 'third', token: 'x', type_third: 'twitter' });
    expect(tw.msg).toBe('This login method is not available');
    expect((await call(app, api.loginWithTwitter, {})).msg).toBe('This login method is not available');
  });

  it('is rate limited per address and account', async () => {
    const ip = freshIp();
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await call(app, api.login, { mobile: email, password: 'abc123', ticket: 'x' }, { ip })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[11]).toBe(429);
  });
});

describe('POST api/user/forgotPassword', () => {
  it('sets a new password with a type-2 code, without the slider, and ends old sessions', async () => {
    const u = await newUser(app);
    await call(app, api.getCode, { mobile: u.email, type: 2 });
    const code = await lastMailedCode(app, u.email);
    const res = await call(app, api.forgotPassword, { mobile: u.email, code, password: 'newpass99' });
    expect(res).toMatchObject({ code: 200, msg: 'Password changed' });
    expect((await call(app, api.userInfo, {}, { token: u.token })).code).toBe(700);
    expect((await call(app, api.login, { mobile: u.email, password: u.password, ticket: await captchaTicket(app) })).code).toBe(1);
    expect((await call(app, api.login, { mobile: u.email, password: 'newpass99', ticket: await captchaTicket(app) })).code).toBe(200);
    // The code was used up.
    expect((await call(app, api.forgotPassword, { mobile: u.email, code, password: 'other999' })).msg).toBe('The code is wrong or has expired');
  });

  it('numbers each guess before comparing it: 30 parallel guesses with the right code last do not reset the password', async () => {
    const u = await newUser(app);
    await call(app, api.getCode, { mobile: u.email, type: 2 });
    const code = await lastMailedCode(app, u.email);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all([
      ...Array.from({ length: 29 }, (_, i) => call(app, api.forgotPassword, { mobile: u.email, code: wrong(i), password: 'hacked99' })),
      call(app, api.forgotPassword, { mobile: u.email, code, password: 'hacked99' }),
    ]);
    expect(answers.every((a) => a.msg === 'The code is wrong or has expired')).toBe(true);
    // The old password still logs in; the guessed one does not.
    expect((await call(app, api.login, { mobile: u.email, password: u.password, ticket: await captchaTicket(app) })).code).toBe(200);
    expect((await call(app, api.login, { mobile: u.email, password: 'hacked99', ticket: await captchaTicket(app) })).code).toBe(1);
  });

  it('refuses bad input and unknown addresses', async () => {
    expect((await call(app, api.forgotPassword, { mobile: '', code: '123456', password: 'abc123' })).msg).toBe('Please enter your email');
    expect((await call(app, api.forgotPassword, { mobile: uniqueEmail(), code: '', password: 'abc123' })).msg).toBe('Please enter the code');
    expect((await call(app, api.forgotPassword, { mobile: uniqueEmail(), code: '123456', password: '12' })).msg).toBe('Password must be 6-12 letters or digits');
    // An unknown address answers like a wrong code: nothing tells whether it is registered.
    expect((await call(app, api.forgotPassword, { mobile: uniqueEmail(), code: '123456', password: 'abc123' })).msg).toBe('The code is wrong or has expired');
  });
});

describe('GET api/user/info and api/Member/info', () => {
  it('answer the token owner, by header, cookie or query', async () => {
    const u = await newUser(app);
    const byHeader = await call(app, api.userInfo, {}, { token: u.token });
    expect(byHeader).toMatchObject({ code: 200, data: { id: u.id, is_anchor: 0, level: 1 } });
    expect((await call(app, api.userInfo, {}, { cookie: `token=${u.token}` })).data.id).toBe(u.id);
    const member = await call(app, api.memberInfo, {}, { token: u.token });
    expect(api.memberInfo.data.parse(member.data)).toMatchObject({ id: u.id, mobile: u.email, has_payment_password: 0, income: 0 });
  });

  it('code 700 without a token or with a bad one, localized', async () => {
    for (const def of [api.userInfo, api.memberInfo]) {
      expect(await call(app, def, {})).toMatchObject({ status: 401, code: 700, msg: 'Please log in first' });
      expect((await call(app, def, {}, { token: 'nope', lang: 'es' })).msg).toBe('Inicie sesión primero, por favor');
    }
  });

  it('another user sees only their own data', async () => {
    const a = await newUser(app);
    const b = await newUser(app);
    expect((await call(app, api.memberInfo, {}, { token: b.token })).data).toMatchObject({ id: b.id, mobile: b.email });
    expect((await call(app, api.memberInfo, {}, { token: a.token })).data.id).toBe(a.id);
  });
});

describe('POST api/member/updateInfo', () => {
  it('changes nickname, signature, gender and a preset avatar', async () => {
    const u = await newUser(app);
    const avatars = (await call(app, api.avatarList, {})).data as string[];
    const nick = `Nick${u.id}`;
    const res = await call(app, api.updateInfo, { user_nickname: nick, signature: 'Forza!', sex: 1, avatar: avatars[3] }, { token: u.token });
    expect(res).toMatchObject({ code: 200, msg: 'Saved', data: { user_nickname: nick, signature: 'Forza!', sex: 1, avatar: avatars[3] } });
    expect((await call(app, api.userInfo, {}, { token: u.token })).data.user_nickname).toBe(nick);
  });

  it('refuses bad input and changes nothing', async () => {
    const u = await newUser(app);
    const before = (await call(app, api.memberInfo, {}, { token: u.token })).data;
    expect((await call(app, api.updateInfo, { user_nickname: '  ' }, { token: u.token })).msg).toBe('Please enter a nickname');
    expect((await call(app, api.updateInfo, { user_nickname: 'x'.repeat(21) }, { token: u.token })).msg).toBe('Nickname cannot exceed 20 characters');
    expect((await call(app, api.updateInfo, { signature: 's'.repeat(61) }, { token: u.token })).msg).toBe('Signature cannot exceed 60 characters');
    expect((await call(app, api.updateInfo, { sex: 7 }, { token: u.token })).msg).toBe('Please choose a gender');
    expect((await call(app, api.updateInfo, { avatar: 'https://evil.example/x.png' }, { token: u.token })).msg).toBe('Please choose an avatar from the list or upload your own');
    expect((await call(app, api.updateInfo, {}, { token: u.token })).msg).toBe('Nothing to update');
    expect((await call(app, api.memberInfo, {}, { token: u.token })).data).toEqual(before);
  });

  it('a nickname belongs to one user', async () => {
    const a = await newUser(app);
    const b = await newUser(app);
    const name = `Taken${a.id}`;
    await call(app, api.updateInfo, { user_nickname: name }, { token: a.token });
    expect((await call(app, api.updateInfo, { user_nickname: name.toLowerCase() }, { token: b.token })).msg).toBe('This nickname is already in use');
    // Keeping one's own nickname is fine.
    expect((await call(app, api.updateInfo, { user_nickname: name }, { token: a.token })).code).toBe(200);
  });

  it('needs login, and changes only the caller', async () => {
    expect((await call(app, api.updateInfo, { user_nickname: 'x' })).code).toBe(700);
    const a = await newUser(app);
    const b = await newUser(app);
    const bBefore = (await call(app, api.memberInfo, {}, { token: b.token })).data;
    await call(app, api.updateInfo, { signature: 'only me' }, { token: a.token });
    expect((await call(app, api.memberInfo, {}, { token: b.token })).data).toEqual(bBefore);
  });
});

describe('GET api/user/avatarList', () => {
  it('lists preset avatars, no login needed', async () => {
    const res = await call(app, api.avatarList, {});
    expect(res.code).toBe(200);
    expect(res.data).toHaveLength(12);
    expect(res.data[0]).toBe('/avatars/1.svg');
  });
});

describe('POST /api/Member/SignOut', () => {
  it('ends only the caller session and clears the cookie', async () => {
    const u = await newUser(app);
    const other = await newUser(app);
    const res = await call(app, api.signOut, {}, { token: u.token });
    expect(res).toMatchObject({ code: 200, msg: 'Logged out' });
    expect(String(res.headers['set-cookie'])).toMatch(/token=;/);
    expect((await call(app, api.userInfo, {}, { token: u.token })).code).toBe(700);
    expect((await call(app, api.userInfo, {}, { token: other.token })).code).toBe(200);
    expect((await call(app, api.signOut, {}, { token: u.token })).code).toBe(700);
  });

  it('matches the path without regard to case', async () => {
    const u = await newUser(app);
    const res = await app.inject({ method: 'POST', url: '/API/member/signout', headers: { token: u.token }, payload: {} });
    expect(res.json().code).toBe(200);
  });
});

describe('POST api/Member/paymentPassword', () => {
  it('sets, then changes only with the current one', async () => {
    const u = await newUser(app);
    expect((await call(app, api.paymentPassword, { password: '123456', confirm_password: '123456' }, { token: u.token })).msg).toBe('Payment password saved');
    expect((await call(app, api.memberInfo, {}, { token: u.token })).data.has_payment_password).toBe(1);
    expect((await call(app, api.paymentPassword, { password: '654321', confirm_password: '654321' }, { token: u.token })).msg).toBe('Please enter the current payment password');
    // A wrong current one is a guess like a withdrawal's: counted, with the same lock after five.
    expect((await call(app, api.paymentPassword, { password: '654321', confirm_password: '654321', old_password: '000000' }, { token: u.token })).msg).toBe('Wrong payment password, 4 attempts left');
    expect((await call(app, api.paymentPassword, { password: '654321', confirm_password: '654321', old_password: '123456' }, { token: u.token })).code).toBe(200);
  });

  it('locks the change after five wrong current passwords, even for the right one (it was unlimited guessing)', async () => {
    const u = await newUser(app);
    await call(app, api.paymentPassword, { password: '123456', confirm_password: '123456' }, { token: u.token });
    const change = (old_password: string) => call(app, api.paymentPassword, { password: '654321', confirm_password: '654321', old_password }, { token: u.token });
    for (let i = 0; i < 4; i++) expect((await change(`00000${i}`)).msg).toBe(`Wrong payment password, ${4 - i} attempts left`);
    expect(await change('000009')).toMatchObject({ status: 429, msg: 'Too many wrong payment passwords, try again in 15 minutes' });
    expect((await change('123456')).status).toBe(429);
  });

  it('at least 6 digits, both entries equal', async () => {
    const u = await newUser(app);
    expect((await call(app, api.paymentPassword, { password: '12345', confirm_password: '12345' }, { token: u.token })).msg).toBe('The payment password must be at least 6 digits');
    expect((await call(app, api.paymentPassword, { password: '12345a', confirm_password: '12345a' }, { token: u.token })).msg).toBe('The payment password must be at least 6 digits');
    expect((await call(app, api.paymentPassword, { password: '123456', confirm_password: '123457' }, { token: u.token })).msg).toBe('The two passwords do not match');
    expect((await call(app, api.memberInfo, {}, { token: u.token })).data.has_payment_password).toBe(0);
  });

  it('needs login; one user cannot change another user', async () => {
    expect((await call(app, api.paymentPassword, { password: '123456', confirm_password: '123456' })).code).toBe(700);
    const a = await newUser(app);
    const b = await newUser(app);
    await call(app, api.paymentPassword, { password: '123456', confirm_password: '123456' }, { token: a.token });
    expect((await call(app, api.memberInfo, {}, { token: b.token })).data.has_payment_password).toBe(0);
  });
});

describe('POST api/Member/getQiniuToken', () => {
  it('gives a signed, expiring upload token for the caller', async () => {
    const u = await newUser(app);
    const res = await call(app, api.getQiniuToken, {}, { token: u.token });
    expect(res.code).toBe(200);
    const [body, sig] = String(res.data).split('.');
    expect(sig).toBeTruthy();
    const grant = JSON.parse(Buffer.from(body, 'base64url').toString());
    expect(grant.uid).toBe(u.id);
    expect(grant.exp).toBeGreaterThan(Date.now() / 1000);
    expect((await call(app, api.getQiniuToken, {})).code).toBe(700);
  });
});

describe('the envelope', () => {
  it('malformed JSON is a localized input error; unknown api paths are 404 envelopes', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json', lang: 'zh' }, payload: '{bad' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1, msg: '输入有误，请检查！' });
    const missing = await app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 1, msg: 'Not found' });
  });

  it('accepts form-encoded bodies like JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/getCode',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'mobile=&type=1',
      remoteAddress: freshIp(),
    });
    expect(res.json().msg).toBe('Please enter your email');
  });
});

describe('login rate limit keys on the account too', () => {
  it('other accounts from the same address are not locked out by one being guessed', async () => {
    const ip = freshIp();
    const guessed = uniqueEmail();
    for (let i = 0; i < 11; i++) await call(app, api.login, { mobile: guessed, password: 'abc123', ticket: 'x' }, { ip });
    expect((await call(app, api.login, { mobile: guessed, password: 'abc123', ticket: 'x' }, { ip })).status).toBe(429);
    const u = await newUser(app);
    const res = await call(app, api.login, { mobile: u.email, password: u.password, ticket: await captchaTicket(app) }, { ip });
    expect(res.code).toBe(200);
  });
});

describe('POST api/Member/changePassword', () => {
  it('changes the login password with the current one and ends the other sessions', async () => {
    const u = await newUser(app);
    const other = await call(app, api.login, { mobile: u.email, password: u.password, ticket: await captchaTicket(app) });
    const res = await call(app, api.changePassword, { old_password: u.password, password: 'fresh2026', confirm_password: 'fresh2026' }, { token: u.token });
    expect(res).toMatchObject({ code: 200, msg: 'Password changed' });
    expect((await call(app, api.userInfo, {}, { token: u.token })).code).toBe(200);
    expect((await call(app, api.userInfo, {}, { token: other.data.token })).code).toBe(700);
    expect((await call(app, api.login, { mobile: u.email, password: 'fresh2026', ticket: await captchaTicket(app) })).code).toBe(200);
  });

  it('refuses bad input with its message and changes nothing', async () => {
    const u = await newUser(app);
    const t = { token: u.token };
    expect((await call(app, api.changePassword, { password: 'fresh2026', confirm_password: 'fresh2026' }, t)).msg).toBe('Please enter the current password');
    expect((await call(app, api.changePassword, { old_password: 'wrong999', password: 'fresh2026', confirm_password: 'fresh2026' }, t)).msg).toBe('The current password is incorrect');
    expect((await call(app, api.changePassword, { old_password: u.password, password: 'abc', confirm_password: 'abc' }, t)).msg).toBe('Password must be 6-12 letters or digits');
    expect((await call(app, api.changePassword, { old_password: u.password, password: 'fresh2026', confirm_password: '' }, t)).msg).toBe('Please enter the same password');
    expect((await call(app, api.changePassword, { old_password: u.password, password: 'fresh2026', confirm_password: 'fresh2027' }, t)).msg).toBe('The two passwords do not match');
    expect((await call(app, api.login, { mobile: u.email, password: u.password, ticket: await captchaTicket(app) })).code).toBe(200);
  });

  it('needs login, and one user cannot change another', async () => {
    expect((await call(app, api.changePassword, { old_password: 'x', password: 'fresh2026', confirm_password: 'fresh2026' })).code).toBe(700);
    const a = await newUser(app);
    const b = await newUser(app, uniqueEmail(), 'other456');
    // a's token with b's password: a's current password is checked, not b's.
    expect((await call(app, api.changePassword, { old_password: b.password, password: 'fresh2026', confirm_password: 'fresh2026' }, { token: a.token })).msg).toBe('The current password is incorrect');
    expect((await call(app, api.login, { mobile: b.email, password: b.password, ticket: await captchaTicket(app) })).code).toBe(200);
  });
});

describe('login rate limit per address', () => {
  it('caps attempts from one address across many accounts', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await call(app, api.login, { mobile: uniqueEmail(), password: 'abc123', ticket: 'x' }, { ip })).status);
    expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
    const capped = await call(app, api.login, { mobile: uniqueEmail(), password: 'abc123', ticket: 'x' }, { ip, lang: 'es' });
    expect(capped).toMatchObject({ status: 429, code: 1, msg: 'Demasiadas solicitudes, inténtelo más tarde' });
  });
});
