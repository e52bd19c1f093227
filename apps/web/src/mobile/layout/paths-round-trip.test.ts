import { describe, expect, it } from 'vitest';
import { hasMobilePage, mobileHref, paths, toDesktopPath, toMobilePath } from '@/config/paths';

// Issue #16: a desktop link opened on a phone lands on its mobile page and back, keeping its query.

const ORIGIN = 'https://example.test';

describe('desktop ↔ mobile paths', () => {
  it.each([
    ['/anchor', '?type=3'],
    ['/detail', '?id=42'],
    ['/search', '?name=Real%20Madrid'],
    ['/member', '?type=1&isRecharge=true'],
    ['/circle-detail', '?id=7'],
    ['/persona', '?id=9'],
    ['/live', '?id=3&replay=5&t=12'],
    ['/rank', ''],
    ['/comment', ''],
  ])('%s%s goes to /m and back unchanged', (pathname, search) => {
    expect(hasMobilePage(pathname)).toBe(true);
    const mobile = toMobilePath(pathname, search);
    expect(mobile).toBe(`/m${pathname}${search}`);
    const url = new URL(mobile, ORIGIN);
    expect(toDesktopPath(url.pathname, url.search)).toBe(`${pathname}${search}`);
  });

  it('the home is /m on the phone and /main on the desktop', () => {
    expect(toMobilePath('/', '')).toBe('/m');
    expect(toMobilePath(paths.home, '?x=1')).toBe('/m?x=1');
    expect(toDesktopPath('/m', '')).toBe('/main');
    expect(toDesktopPath('/m/', '?x=1')).toBe('/main?x=1');
  });

  it('the mobile match page carries its id in the path, the desktop one in ?id=', () => {
    expect(toDesktopPath('/m/score-live/123', '')).toBe('/score-live?id=123');
    expect(toMobilePath('/score-live', '?id=123')).toBe('/m/score-live?id=123');
  });

  it('a path that merely starts with "m" is not the mobile site', () => {
    expect(toDesktopPath('/main', '')).toBe('/main');
    expect(toDesktopPath('/member', '?type=1')).toBe('/member?type=1');
  });

  it('links of reused desktop components stay on the mobile site with their query and hash', () => {
    expect(mobileHref('/detail?id=4#comments', ORIGIN)).toBe('/m/detail?id=4#comments');
    expect(mobileHref(`${ORIGIN}/anchor?type=2`, ORIGIN)).toBe('/m/anchor?type=2');
    expect(mobileHref('/m/news', ORIGIN)).toBeNull();
    expect(mobileHref('https://other.test/detail?id=4', ORIGIN)).toBeNull();
    expect(mobileHref('/uploads/a.png', ORIGIN)).toBeNull();
    expect(mobileHref('/admin', ORIGIN)).toBeNull();
    expect(mobileHref('http://[bad', ORIGIN)).toBeNull();
  });
});
