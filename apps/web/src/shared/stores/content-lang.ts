import { create } from 'zustand';
import { readString, writeString } from '../lib/storage';

// Headline lists and circle feeds put the reader's language first; a reader may switch to all
// languages in plain order instead. The choice is kept in this browser (localStorage
// "contentLang": "all" or absent) and sent as `all_lang` with every list call.
export const CONTENT_LANG_KEY = 'contentLang';

interface ContentLangState {
  /** True: every language in plain order; false: the reader's language first. */
  all: boolean;
  setAll: (all: boolean) => void;
}

export const useContentLang = create<ContentLangState>((set) => ({
  all: readString(CONTENT_LANG_KEY) === 'all',
  setAll: (all) => {
    writeString(CONTENT_LANG_KEY, all ? 'all' : 'mine');
    set({ all });
  },
}));

/** The `all_lang` input of the list calls. */
export const useAllLang = (): 0 | 1 => (useContentLang((s) => s.all) ? 1 : 0);
