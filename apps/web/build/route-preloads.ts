import fs from 'node:fs';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { paths } from '../src/config/paths.ts';
import { FIRST_NAMESPACES, LOCALE_FILE as LOCALE } from '../src/shared/i18n/first-namespaces.ts';

// Which JavaScript and CSS files each page of the site needs, written at build time to
// dist/route-preloads.json. The server names them in the index.html it sends for that URL
// (`<link rel="modulepreload">`, platform/web.ts), so the browser fetches the layout, the page and
// their libraries at once with the entry instead of in a chain of lazy imports (entry → route
// table → layout → page → the page's own imports: four round trips before a live room could ask
// for its stream; issues #16 and #19).
//
// The route tables stay the single source of truth: their `path:` / `lazyPage(() => import(...))`
// pairs are read from the source, and the build fails when a table no longer reads as expected,
// rather than silently sending nothing.

interface Site {
  /** URL prefix of the site's pages ('' for the desktop site). */
  prefix: string;
  /** Which first texts its pages load (shared/i18n/first-namespaces.ts). */
  texts: keyof typeof FIRST_NAMESPACES;
  layout: string;
  table: string;
  /** The home of the site, routed by the layout itself. */
  home?: { path: string; module: string };
}

const SITES: Site[] = [
  { prefix: paths.mobile, texts: 'mobile', layout: 'src/mobile/mobile-layout.tsx', table: 'src/mobile/routes/table.tsx', home: { path: paths.mobile, module: 'src/mobile/routes/home-route.tsx' } },
  { prefix: '', texts: 'desktop', layout: 'src/app/layout/main-layout.tsx', table: 'src/app/layout/desktop-routes.tsx' },
];
/** Pages read from a table: fewer means the table's shape changed (fix the pattern below). */
const MIN_ROUTES = 20;
/**
 * Lazy imports a page starts at once, named first (the browser asks for them before the page's
 * other files): a live room's early stream and its stream library, which play the picture before
 * the page has rendered (app/early-calls.ts).
 */
const ROOM_EXTRAS = ['@/features/live/components/player/early-stream', 'mpegts.js'];
const PAGE_EXTRAS: Record<string, string[]> = { [paths.live]: ROOM_EXTRAS, [`${paths.mobile}${paths.live}`]: ROOM_EXTRAS };
const ROUTE = /path:\s*(paths\.(\w+)|'([^']*)'),\s*element:\s*lazyPage\(\s*\(\)\s*=>\s*import\('([^']+)'\)/g;

export interface RoutePreloads {
  /** URL pattern ('/live', '/m/score-live/:id') → files under dist ('assets/x.js', 'assets/y.css'). */
  routes: Record<string, string[]>;
  /**
   * URL pattern → language → the page's texts in that language (the first namespaces and those its
   * features register, each a chunk loaded after the scripts ran: a round trip more without them).
   */
  texts: Record<string, Record<string, string[]>>;
  /**
   * URL pattern → the files among its `routes` that only play a stream before the page renders (a
   * live room's early stream and its library): the server leaves them out for a room that is offline.
   */
  streams: Record<string, string[]>;
}

export function routePreloads(entryFiles: () => Set<string>): Plugin {
  let root = '';
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // After Vite's own: it drops chunks that only import CSS (naming the CSS on their importers).
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const chunks = Object.values(bundle as OutputBundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const chunkOf = (id: string) => chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
        /** A module's chunk and everything it imports statically, minus what the HTML loads anyway. */
        const filesOf = (id: string, into: Set<string>) => {
          const walk = (chunk: OutputChunk | undefined) => {
            if (!chunk || into.has(chunk.fileName) || entryFiles().has(chunk.fileName)) return;
            into.add(chunk.fileName);
            for (const css of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) into.add(css);
            for (const file of chunk.imports) walk(bundle[file] as OutputChunk | undefined);
          };
          const chunk = chunkOf(id);
          if (!chunk) this.error(`route-preloads: no chunk holds ${id}`);
          walk(chunk);
        };
        const resolve = async (spec: string, importer: string) => {
          const r = await this.resolve(spec, importer);
          if (!r) this.error(`route-preloads: cannot resolve ${spec} from ${importer}`);
          return r.id;
        };
        const routes: Record<string, string[]> = {};
        const streams: Record<string, string[]> = {};
        const texts: Record<string, Record<string, string[]>> = {};
        const localeOf = (file: string) => {
          const chunk = bundle[file];
          return chunk?.type === 'chunk' && chunk.facadeModuleId ? LOCALE.exec(chunk.facadeModuleId) : null;
        };
        /** The texts a page loads: its site's first namespaces, and what its chunks import lazily. */
        const textsOf = (files: Iterable<string>, site: Site) => {
          const byLang: Record<string, string[]> = {};
          const add = (file: string) => {
            const m = localeOf(file);
            if (m && !(byLang[m[1]] ??= []).includes(file)) byLang[m[1]].push(file);
          };
          const first: readonly string[] = FIRST_NAMESPACES[site.texts];
          for (const chunk of chunks) if (chunk.facadeModuleId && first.includes(LOCALE.exec(chunk.facadeModuleId)?.[2] ?? '')) add(chunk.fileName);
          for (const file of files) {
            const chunk = bundle[file];
            if (chunk?.type === 'chunk') chunk.dynamicImports.forEach(add);
          }
          return byLang;
        };
        for (const site of SITES) {
          const tableId = `${root}/${site.table}`;
          const tableSource = fs.readFileSync(tableId, 'utf8');
          const base = new Set<string>();
          filesOf(`${root}/${site.layout}`, base);
          let found = 0;
          for (const m of tableSource.matchAll(ROUTE)) {
            const path = m[2] ? (paths as Record<string, string>)[m[2]] : m[3] === '*' ? null : `${site.prefix}/${m[3]}`;
            if (path === undefined) this.error(`route-preloads: paths.${m[2]} is not in config/paths.ts`);
            found += 1;
            if (path === null) continue;
            const extras = new Set<string>();
            for (const extra of PAGE_EXTRAS[path] ?? []) filesOf(await resolve(extra, tableId), extras);
            const page = new Set(base);
            filesOf(`${root}/${site.table}`, page);
            // Table pages bring the QueryClient (app/lazy-routes.tsx lazyPage).
            filesOf(`${root}/src/shared/api/query-client.ts`, page);
            filesOf(await resolve(m[4], tableId), page);
            const files = new Set([...extras, ...page]);
            routes[path] = [...files];
            texts[path] = textsOf(files, site);
            const only = [...extras].filter((f) => !page.has(f));
            if (only.length) streams[path] = only;
          }
          if (found < MIN_ROUTES) this.error(`route-preloads: read ${found} pages from ${site.table} (expected ≥ ${MIN_ROUTES}): did its shape change?`);
          if (site.home) {
            const files = new Set(base);
            filesOf(`${root}/${site.home.module}`, files);
            routes[site.home.path] = [...files];
            texts[site.home.path] = textsOf(files, site);
          }
        }
        // Every file named must be one the build writes (a chunk dropped later would be a broken preload).
        for (const [page, files] of Object.entries(routes)) for (const f of files) if (!(f in bundle)) this.error(`route-preloads: ${page} names ${f}, which the build does not write`);
        // The site root redirects to the home.
        if (routes[paths.home]) {
          routes[paths.root] = routes[paths.home];
          texts[paths.root] = texts[paths.home];
        }
        this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify({ routes, texts, streams } satisfies RoutePreloads) });
      },
    },
  };
}
