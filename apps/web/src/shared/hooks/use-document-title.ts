import { useEffect } from 'react';
import { useSiteName } from '../stores/app';

// document.title = "<route title> - <site title>" (spec §2) and the page's meta description, in the
// reader's language (search results and shared links show them). A layout names the route; a page
// that knows better (a live room, a headline, once its data is in) claims both while it is shown.
// React runs a child's effects before its parent's, so the layout's value must not simply be
// written last: it is the base, and a page's claim wins whenever one is held.

interface Meta {
  title: string;
  description: string | null;
}

let base: Meta = { title: '', description: null };
const claims: Array<{ meta: Meta }> = [];

function apply() {
  const top = claims.at(-1)?.meta ?? base;
  if (top.title) document.title = top.title;
  const description = top.description ?? base.description;
  if (description == null) return;
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = description;
}

export interface DocumentMetaOptions {
  /** The page's meta description (plain text; long ones are cut at a word near 160 characters). */
  description?: string | null;
  /** A layout's value: the base that pages' own titles override. */
  layout?: boolean;
}

/** Search engines show about 160 characters of a description. */
export function shortDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/**
 * Sets the title (and description) while the calling component is shown. A page passes undefined
 * until its data is in (the layout's title stays meanwhile).
 */
export function useDocumentTitle(title: string | null | undefined, { description, layout = false }: DocumentMetaOptions = {}) {
  const site = useSiteName();
  const full = title ? `${title} - ${site}` : site;
  const text = description ? shortDescription(description) : null;
  const claimed = layout || title !== undefined;
  useEffect(() => {
    if (!claimed) return;
    if (layout) {
      base = { title: full, description: text };
      apply();
      return;
    }
    const claim = { meta: { title: full, description: text } };
    claims.push(claim);
    apply();
    return () => {
      claims.splice(claims.indexOf(claim), 1);
      apply();
    };
  }, [claimed, layout, full, text]);
}
