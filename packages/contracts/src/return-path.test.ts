import { describe, expect, it } from 'vitest';
import { ownPath } from './return-path';

// Where a login sends a person back (issue #51 item 9): only this site's own paths.

describe('ownPath', () => {
  it('keeps a path of this site with its query and fragment, normalised', () => {
    expect(ownPath('/live/9?tab=chat#top')).toBe('/live/9?tab=chat#top');
    expect(ownPath('/a/../member')).toBe('/member');
    expect(ownPath('/search?q=%E8%B6%B3%E7%90%83')).toBe('/search?q=%E8%B6%B3%E7%90%83');
  });

  it('refuses every spelling that leaves the site or hides a way out', () => {
    const bad = [
      '/\\evil.example',
      '/\\/evil.example',
      '//evil.example',
      '///evil.example',
      '/%5Cevil.example',
      '/%5cevil.example',
      '/%2F/evil.example',
      '/%2f%2fevil.example',
      '/%255Cevil.example',
      '/%25255Cevil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/ /evil.example',
      'https://evil.example/',
      'http:evil.example',
      'javascript:alert(1)',
      '\\evil.example',
      'evil.example',
      '/%E0%A4%A',
      '/' + 'a'.repeat(600),
      '',
      null,
      undefined,
      42,
    ];
    for (const raw of bad) expect({ raw, got: ownPath(raw) }).toEqual({ raw, got: null });
  });
});
