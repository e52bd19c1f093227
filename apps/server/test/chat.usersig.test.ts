import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { genUserSig, readUserSig, signUserSig, USERSIG_ERRORS, verifyUserSig } from '../src/modules/chat/usersig.ts';

/**
 * An independent port of Tencent Cloud's published tls-sig-api-v2 Node implementation (TLSSigAPIv2.js),
 * kept as literal as possible; only the clock is injectable so the vectors are fixed.
 */
function referenceApi(sdkappid: number, key: string, nowMs: () => number) {
  const escape = (str: string) => str.replace(/\+/g, '*').replace(/\//g, '-').replace(/=/g, '_');
  const base64encode = (b: Buffer) => Buffer.from(b).toString('base64');
  function hmacsha256(identifier: string, currTime: number, expire: number, base64UserBuf: string | null) {
    let contentToBeSigned = 'TLS.identifier:' + identifier + '\n';
    contentToBeSigned += 'TLS.sdkappid:' + sdkappid + '\n';
    contentToBeSigned += 'TLS.time:' + currTime + '\n';
    contentToBeSigned += 'TLS.expire:' + expire + '\n';
    if (null != base64UserBuf) contentToBeSigned += 'TLS.userbuf:' + base64UserBuf + '\n';
    const hmac = crypto.createHmac('sha256', key);
    return hmac.update(contentToBeSigned).digest('base64');
  }
  return function genSig(userid: string, expire: number, userBuf: Buffer | null) {
    const currTime = Math.floor(nowMs() / 1000);
    const sigDoc: Record<string, unknown> = {
      'TLS.ver': '2.0',
      'TLS.identifier': '' + userid,
      'TLS.sdkappid': Number(sdkappid),
      'TLS.time': Number(currTime),
      'TLS.expire': Number(expire),
    };
    let sig = '';
    if (null != userBuf) {
      const base64UserBuf = base64encode(userBuf);
      sigDoc['TLS.userbuf'] = base64UserBuf;
      sig = hmacsha256(userid, currTime, expire, base64UserBuf);
    } else {
      sig = hmacsha256(userid, currTime, expire, null);
    }
    sigDoc['TLS.sig'] = sig;
    const compressed = zlib.deflateSync(Buffer.from(JSON.stringify(sigDoc))).toString('base64');
    return escape(compressed);
  };
}

// The key of the published examples (README of every tls-sig-api-v2 port).
const KEY = '5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e';
const APP = 1400000000;
const at = (ms: number) => ({ now: () => new Date(ms) });
const decode = (sig: string) => JSON.parse(zlib.inflateSync(Buffer.from(sig.replace(/_/g, '=').replace(/-/g, '/').replace(/\*/g, '+'), 'base64')).toString());

describe('genUserSig (tls-sig-api-v2)', () => {
  const vectors = [
    { user: 'xiaojun', expire: 86400 * 180, ms: 1_700_000_000_000 },
    { user: 'tourist_a1B2', expire: 86400, ms: 1_763_770_000_999 }, // fractional second is dropped
    { user: '42', expire: 300, ms: 1_600_000_000_500 },
    { user: '', expire: 0, ms: 0 },
  ];

  it.each(vectors)('equals the published algorithm byte for byte ($user, $expire s)', ({ user, expire, ms }) => {
    const reference = referenceApi(APP, KEY, () => ms);
    expect(genUserSig(APP, KEY, user, expire, null, at(ms))).toBe(reference(user, expire, null));
  });

  it('gives the known-answer vector (computed once with the published algorithm, node -e)', () => {
    expect(genUserSig(APP, KEY, 'xiaojun', 86400 * 180, null, at(1_700_000_000_000))).toBe(
      'eJyrVgrxCdYrSy1SslIy0jNQ0gHzM1NS80oy0zLBwhWZiflZpXlQqeKU7MSCgswUJStDEwMogMiUZOamKlkZmqOKplYUZBaBxE1NTY3gosWZ6UpWSj5ljuYp*p7l5unBxXnF2WVhVU4uAf7Ozi5JpX7O5SbuHuUhzgZJmQXaTia2SrUAohcx8g__',
    );
  });

  it('equals the published algorithm with a userbuf', () => {
    const userbuf = Buffer.from([0, 0, 7, ...Buffer.from('xiaojun'), 0x53, 0x72, 0x4e, 0x00, 0, 0, 0x27, 0x10, 0x65, 0x4a, 0x2b, 0x80, 0, 0, 0, 255, 0, 0, 0, 0]);
    const ms = 1_700_000_123_000;
    const sig = genUserSig(APP, KEY, 'xiaojun', 86400, userbuf, at(ms));
    expect(sig).toBe(referenceApi(APP, KEY, () => ms)('xiaojun', 86400, userbuf));
    expect(decode(sig)['TLS.userbuf']).toBe(userbuf.toString('base64'));
  });

  it('carries the documented fields with whole-second time', () => {
    const doc = decode(genUserSig(APP, KEY, 'xiaojun', 3600, null, at(1_700_000_000_999)));
    expect(Object.keys(doc)).toEqual(['TLS.ver', 'TLS.identifier', 'TLS.sdkappid', 'TLS.time', 'TLS.expire', 'TLS.sig']);
    expect(doc).toMatchObject({ 'TLS.ver': '2.0', 'TLS.identifier': 'xiaojun', 'TLS.sdkappid': APP, 'TLS.time': 1_700_000_000, 'TLS.expire': 3600 });
    const lines = `TLS.identifier:xiaojun\nTLS.sdkappid:${APP}\nTLS.time:1700000000\nTLS.expire:3600\n`;
    expect(doc['TLS.sig']).toBe(crypto.createHmac('sha256', KEY).update(lines).digest('base64'));
  });

  it('uses only the URL-safe alphabet (+ → *, / → -, = → _)', () => {
    let seen = '';
    for (let i = 0; i < 200; i++) {
      const sig = genUserSig(APP, KEY, `user_${i}`, 86400 + i, null, at(1_700_000_000_000 + i * 1000));
      expect(sig).toMatch(/^[A-Za-z0-9*\-_]+$/);
      seen += sig;
      // The plain base64 of the same bytes differs exactly by the three substitutions.
      const plain = referenceApi(APP, KEY, () => 1_700_000_000_000 + i * 1000)(`user_${i}`, 86400 + i, null);
      expect(sig).toBe(plain);
    }
    // Over 200 signatures every substituted character occurs, so the mapping is exercised.
    expect(seen).toContain('*');
    expect(seen).toContain('-');
    expect(seen).toContain('_');
  });

  it('checks inputs in the spec order and answers an empty string', () => {
    expect(signUserSig('1400000000', 5, 7, 'x')).toEqual({ sig: '', error: USERSIG_ERRORS.sdkAppId });
    expect(signUserSig(NaN, KEY, 'u', 1)).toEqual({ sig: '', error: 'sdkAppID must be a number' });
    expect(signUserSig(APP, 5, 7, 'x')).toEqual({ sig: '', error: 'privateKey must be a string' });
    expect(signUserSig(APP, KEY, 7, 'x')).toEqual({ sig: '', error: 'userID must be a string' });
    expect(signUserSig(APP, KEY, 'u', '86400')).toEqual({ sig: '', error: 'expireTime must be a number' });
    expect(genUserSig(APP, KEY, 'u', undefined)).toBe('');
    expect(signUserSig(APP, KEY, 'u', 60).error).toBeNull();
  });
});

describe('verifyUserSig', () => {
  const t0 = 1_700_000_000_000;
  const sig = genUserSig(APP, KEY, 'tourist_x', 60, null, at(t0));

  it('accepts a good credential until it expires', () => {
    expect(verifyUserSig(sig, APP, KEY, new Date(t0))).toBe('tourist_x');
    expect(verifyUserSig(sig, APP, KEY, new Date(t0 + 60_000))).toBe('tourist_x');
    expect(verifyUserSig(sig, APP, KEY, new Date(t0 + 61_000))).toBeNull();
    expect(readUserSig(sig, APP, KEY, new Date(t0))).toEqual({ identifier: 'tourist_x', time: t0 / 1000, expire: 60, userbuf: null });
  });

  it('accepts a credential from the published implementation, with and without userbuf', () => {
    expect(verifyUserSig(referenceApi(APP, KEY, () => t0)('7', 600, null), APP, KEY, new Date(t0))).toBe('7');
    expect(verifyUserSig(referenceApi(APP, KEY, () => t0)('7', 600, Buffer.from([1, 2, 3])), APP, KEY, new Date(t0))).toBe('7');
  });

  it('refuses forged, foreign and malformed credentials', () => {
    expect(verifyUserSig(sig, APP, 'another-secret', new Date(t0))).toBeNull();
    expect(verifyUserSig(sig, APP + 1, KEY, new Date(t0))).toBeNull();
    // Same document with the identifier changed (signature no longer matches).
    const doc = decode(sig);
    doc['TLS.identifier'] = 'admin';
    const forged = zlib
      .deflateSync(Buffer.from(JSON.stringify(doc)))
      .toString('base64')
      .replace(/\+/g, '*')
      .replace(/\//g, '-')
      .replace(/=/g, '_');
    expect(verifyUserSig(forged, APP, KEY, new Date(t0))).toBeNull();
    // Longer expiry claimed by the holder.
    const stretched = decode(sig);
    stretched['TLS.expire'] = 86400 * 365;
    const s2 = zlib
      .deflateSync(Buffer.from(JSON.stringify(stretched)))
      .toString('base64')
      .replace(/\+/g, '*')
      .replace(/\//g, '-')
      .replace(/=/g, '_');
    expect(verifyUserSig(s2, APP, KEY, new Date(t0 + 120_000))).toBeNull();
    for (const junk of ['', 'abc', '***', sig.slice(0, 20)]) expect(verifyUserSig(junk, APP, KEY, new Date(t0))).toBeNull();
  });
});
