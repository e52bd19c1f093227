import { useState } from 'react';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shortDescription, useDocumentTitle } from './use-document-title';

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

function Layout({ children }: { children: React.ReactNode }) {
  useDocumentTitle('Live room', { layout: true, description: 'Streams and scores.' });
  return <>{children}</>;
}

function Room({ name }: { name?: string }) {
  useDocumentTitle(name ? `${name} · Derby` : undefined, { description: name ? `Watch ${name} live.` : null });
  return null;
}

describe('document title and description', () => {
  it("a page's own title and description win over its layout's, whose effects run after the page's", () => {
    const view = render(
      <Layout>
        <Room name="Ana" />
      </Layout>,
    );
    expect(document.title).toBe('Ana · Derby - LiveSports');
    expect(description()).toBe('Watch Ana live.');
    view.unmount();
  });

  it("the layout's stay until the page's data is in, and come back when the page leaves", () => {
    let show: (v: boolean) => void = () => undefined;
    let setName: (v: string | undefined) => void = () => undefined;
    function Harness() {
      const [on, setOn] = useState(true);
      const [name, set] = useState<string | undefined>(undefined);
      show = setOn;
      setName = set;
      return <Layout>{on && <Room name={name} />}</Layout>;
    }
    const view = render(<Harness />);
    expect(document.title).toBe('Live room - LiveSports');
    expect(description()).toBe('Streams and scores.');
    act(() => setName('Bo'));
    expect(document.title).toBe('Bo · Derby - LiveSports');
    expect(description()).toBe('Watch Bo live.');
    act(() => show(false));
    expect(document.title).toBe('Live room - LiveSports');
    expect(description()).toBe('Streams and scores.');
    view.unmount();
  });

  it('long descriptions are cut at a word near 160 characters', () => {
    const long = 'word '.repeat(60);
    const cut = shortDescription(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
    expect(shortDescription('  short\n text ')).toBe('short text');
  });
});
