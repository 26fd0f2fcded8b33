import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { afterFirstFrame } from './start-after-boot';

/** The languages (lib/i18n.ts): Chinese first. */
type Language = 'zh-CN' | 'en-US';
type Texts = Record<string, unknown>;

/**
 * The texts that `code` reads, each as the path of a key or of the start of keys: a key written
 * out ('booking.title': booking › title), a key built on a group or a part of one
 * (`orders.status.${s}`: orders › status, whatever follows), a group handed on as a prefix
 * ('addresses': the whole group). The last segment may be the start of the keys' names (plural
 * forms, `orders.fee${kind}`), so it is matched as a start. A group's name at the head of an
 * array (`['orders', 'by-number', n]`) is a query key by this app's habit, not a text.
 */
export function textPathsIn(code: string, groups: ReadonlySet<string>): string[][] {
  const found: string[][] = [];
  for (const match of code.matchAll(/["'`]([A-Za-z]+)((?:\.[\w-]+)*)(?=[."'`$])/g)) {
    const [whole, group, rest] = match as unknown as [string, string, string];
    if (!groups.has(group)) continue;
    const end = match.index + whole.length;
    const bare = rest === '' && code[end] === whole[0];
    if (bare && /\[\s*$/.test(code.slice(Math.max(0, match.index - 20), match.index))) continue;
    found.push([group, ...rest.split('.').filter(Boolean)]);
  }
  return found;
}

const isTexts = (value: unknown): value is Texts =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Copies into `into` the texts of `from` under `path` (from `depth` on), as textPathsIn reads it. */
function take(from: Texts, into: Texts, path: readonly string[], depth = 0): void {
  const segment = path[depth]!;
  const last = depth === path.length - 1;
  // A group, and a segment within a path, by its name; the last segment of a key as a start.
  const keys =
    depth === 0 || !last
      ? Object.hasOwn(from, segment)
        ? [segment]
        : []
      : Object.keys(from).filter((key) => key.startsWith(segment));
  for (const key of keys) {
    const value = from[key];
    if (last || !isTexts(value)) {
      into[key] = structuredClone(value);
    } else {
      if (!isTexts(into[key])) into[key] = {};
      take(value, into[key] as Texts, path, depth + 1);
    }
  }
}

/**
 * The texts under `paths`, with those their texts name in turn (`$t(orderCreate.errors.X)`), in
 * the locale's shape.
 */
export function pickTexts(paths: Iterable<readonly string[]>, texts: Texts): Texts {
  const picked: Texts = {};
  const seen = new Set<string>();
  let queue = [...paths];
  while (queue.length > 0) {
    for (const path of queue) take(texts, picked, path);
    const named = [...JSON.stringify(picked).matchAll(/\$t\(([\w.-]+)/g)].map((m) => m[1]!);
    queue = named.filter((key) => !seen.has(key)).map((key) => key.split('.'));
    for (const key of named) seen.add(key);
  }
  return picked;
}

/**
 * Lazy parts of the shell that come with the pages of an area, whose texts go with those pages
 * (the shell's other lazy parts take the full texts when they first open).
 */
const SHELL_PARTS: { file: string; area: string }[] = [
  { file: '/src/app/layouts/area-tab-bar.tsx', area: '/' },
  { file: '/src/app/smart-scan/store-quick-actions.tsx', area: '/store/' },
];

/**
 * The app's own modules read texts (libraries do not), except these, whose strings are not text
 * keys: the route table names titles, the locales hold the texts themselves.
 */
const READS_TEXTS = /[\\/]apps[\\/]web[\\/]src[\\/]/;
const NOT_KEYS = /[\\/]src[\\/](config[\\/](route-meta|paths)\.ts|app[\\/]routes\.ts|locales[\\/])/;

/**
 * Every chunk `start` loads: its static imports and, with `lazy`, what it loads later too, except
 * what the shell loads later (other pages, the texts, the shell's own lazy parts, which take the
 * full texts themselves).
 */
function reach(bundle: OutputBundle, start: string, lazy: boolean, shell: ReadonlySet<string>) {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    const chunk = bundle[file];
    if (seen.has(file) || chunk?.type !== 'chunk') continue;
    seen.add(file);
    queue.push(...chunk.imports);
    if (lazy && !shell.has(file)) queue.push(...chunk.dynamicImports);
  }
  return [...seen].map((file) => bundle[file] as OutputChunk);
}

/** Where the app keeps the chosen language (lib/storage.ts `StorageKey.language`). */
const LANGUAGE_KEY = 'language';
/** The configuration kept on the phone, and the tenant chosen (lib/storage.ts `StorageKey`). */
const CONFIG_KEY = 'h5_system_configs';
const TENANT_KEY = 'tenant_id';
/** The header that names the tenant (contracts' `TENANT_HEADER`), as lib/api-client.ts sends it. */
const TENANT_HEADER = '__tenant';

/**
 * lib/api-base-url.ts `apiBaseUrl` for the inline script (no imports there, and old syntax):
 * `o` is the build's VITE_API_BASE_URL. route-texts.test.ts holds the two to the same answers.
 */
export const INLINE_API_BASE = String.raw`function(l,o){if(o)return o.replace(/\/$/,"");
var h=l.hostname.replace(/^\[|\]$/g,"");
if(h==="localhost"||/\.localhost$/.test(h)||/^\d{1,3}(\.\d{1,3}){3}$/.test(h)||h.indexOf(":")>=0)return"/api";
return l.protocol+"//api."+l.hostname.replace(/^www\./,"")+(l.port?":"+l.port:"")+"/api"}`.replace(
  /\n/g,
  '',
);

/**
 * lib/i18n.ts `languageFor` for the inline script (old syntax): `s` the saved choice, `b` the
 * browser's languages. route-texts.test.ts holds the two to the same answers.
 */
export const INLINE_LANGUAGE = String.raw`function(s,b){if(s==="en-US"||s==="zh-CN")return s;
for(var i=0;i<b.length;i++){if(/^zh(-|$)/i.test(b[i]))return"zh-CN";if(/^en(-|$)/i.test(b[i]))return"en-US"}
for(i=0;i<b.length;i++)if(b[i])return"en-US";return"zh-CN"}`.replace(/\n/g, '');

/**
 * The language the page opens in, said before anything is drawn: `<html lang>` (the boot screen
 * shows its words in that language alone, index.html) and the tab's title. `L` names it for the
 * rest of the script. Storage that cannot be read is no saved choice.
 */
const openingLanguage = () =>
  [
    `var s=null;try{s=localStorage.getItem(${JSON.stringify(LANGUAGE_KEY)})}catch(e){}`,
    `var L=(${INLINE_LANGUAGE})(s,navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language]);`,
    "document.documentElement.lang=L;if(L==='en-US')document.title='Ski Gear Rental';",
  ].join('');

/**
 * On a first visit (no configuration kept), the inline script asks for the client configuration
 * at once, as the app would (its tenant, its credentials, a `_t` stamp), so it arrives beside the
 * shell instead of after the shell and the page's code have run: the booking page's stores show
 * a round trip sooner. The app takes the answer once (system-config/api/get-h5-config.ts).
 */
function earlyConfig(apiBaseOverride: string): string {
  return [
    `if(!localStorage.getItem(${JSON.stringify(CONFIG_KEY)})){`,
    `var t=localStorage.getItem(${JSON.stringify(TENANT_KEY)}),h={Accept:'application/json'};`,
    `if(t)h[${JSON.stringify(TENANT_HEADER)}]=t;`,
    `window.__earlyH5Config=fetch((${INLINE_API_BASE})(location,${JSON.stringify(apiBaseOverride)})`,
    "+'/app/config-distribution/h5?_t='+Date.now(),{credentials:'include',headers:h})",
    '.then(function(r){return r.ok?r.json():null})}',
  ].join('');
}

/**
 * The inline script of index.html: says the language the page opens in (`openingLanguage`), finds
 * the opened path's route by its pattern (the one
 * `findRouteMeta` of config/route-meta.ts uses first, which accepts what React Router matches there:
 * `:param`, `:param?`, any case, an optional trailing slash) and preloads its texts in the
 * chosen language, which lib/i18n.ts then fetches, and its code (files and styles), which the
 * shell then imports: both arrive beside the shell instead of after it has run.
 */
export const preloadScript = (apiBaseOverride: string) =>
  [
    '(function(){',
    openingLanguage(),
    'try{',
    "var m=JSON.parse(document.getElementById('route-texts').textContent),",
    "en=L==='en-US',p=location.pathname,f=m.shell,c;",
    'for(var i=0;i<m.routes.length;i++){var r=m.routes[i];',
    "if(new RegExp(r[4],'i').test(p)){f=[r[1],r[2]];c=r[3];break}}",
    "function a(rel,href,as,cors){var l=document.createElement('link');l.rel=rel;l.href='/'+href;",
    "if(as)l.as=as;if(cors)l.crossOrigin='anonymous';document.head.appendChild(l)}",
    "a('preload',m.files[f[en?1:0]],'fetch',1);",
    // The code once the boot screen has been painted (the task after the first frame; a tenth of
    // a second where no frame comes, as in a background tab): a frame later for the code, and the
    // boot screen is not held back. Styles are asked for as the shell's imports will ask (Vite's
    // links are `crossorigin`): a preload of another mode is not used, and the browser downloads
    // the file a second time. A few links a task: each costs the phone a millisecond or more
    // (a page has up to twenty files), and in one task they kept it from drawing or answering.
    'var d=0;function g(){if(d)return;d=1;var q=[];for(var j=0;c&&j<c.length;j++)q.push(m.code[c[j]]);',
    '(function n(){var b=q.splice(0,4);for(var i=0;i<b.length;i++){var k=b[i];',
    "if(/\\.css$/.test(k))a('preload',k,'style',1);else a('modulepreload',k)}",
    'if(q.length)setTimeout(n,0)})()}',
    afterFirstFrame('g'),
    earlyConfig(apiBaseOverride),
    '}catch(e){}})()',
  ].join('');

export interface RouteTextsManifest {
  /** The texts files of the build. */
  files: string[];
  /** The shell's texts alone (a path no route has): [zh-CN file index, en-US file index]. */
  shell: [number, number];
  /** The code files (scripts and styles) of the pages, beyond the shell. */
  code: string[];
  /**
   * [route path, zh-CN file index, en-US file index, the indexes of its page's code files, the
   * path's pattern (config/route-meta.ts `routePattern`)].
   */
  routes: [string, number, number, number[], string][];
}

/**
 * Each route's texts, in each language, as a JSON file of their own: the texts the shell and that
 * route's code read (lazy parts included), found in the built code key by key (textPathsIn). A
 * first visit downloads a fifth of the texts instead of all of them; index.html lists the files
 * (`#route-texts`) and asks for the one of the page opened at once. The full texts stay a chunk
 * of their own, for switching language and for the shell's own lazy parts (lib/i18n.ts).
 */
export function routeTexts(): Plugin {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const alias = { '@': fileURLToPath(new URL('../src', import.meta.url)) };
  let locales: Record<Language, Texts> | null = null;
  let routes: { path: string; pattern: string; page: string; tabBar: boolean }[] = [];
  let manifest: RouteTextsManifest | null = null;
  /** VITE_API_BASE_URL of this build, as lib/api-client.ts reads it. */
  let apiBaseOverride = '';

  const load = async <T>(file: string) =>
    (
      await runnerImport<T>(`${root}/${file}`, {
        configFile: false,
        logLevel: 'silent',
        resolve: { alias },
      })
    ).module;

  return {
    name: 'snowgear:route-texts',
    apply: 'build',
    configResolved(config) {
      apiBaseOverride = String(config.env.VITE_API_BASE_URL ?? '');
    },
    // Before the HTML is written (vite:build-html), so it can list the files.
    enforce: 'pre',
    async buildStart() {
      const [zh, en, table, meta] = await Promise.all([
        load<{ default: Texts }>('src/locales/zh-CN.ts'),
        load<{ default: Texts }>('src/locales/en-US.ts'),
        load<{ appRoutes: { path: string; load: () => unknown; layout: string }[] }>(
          'src/app/routes.ts',
        ),
        load<{ routePattern: (path: string) => RegExp }>('src/config/route-meta.ts'),
      ]);
      locales = { 'zh-CN': zh.default, 'en-US': en.default };
      routes = table.appRoutes.map((route) => {
        const page = /["'](\/src\/[^"']+)["']/.exec(String(route.load))?.[1];
        if (!page) throw new Error(`route-texts: cannot read the page of ${route.path}`);
        return {
          path: route.path,
          pattern: meta.routePattern(route.path).source,
          page,
          tabBar: route.layout === 'tabBar',
        };
      });
    },
    generateBundle(_options, bundle) {
      if (!locales) return;
      const groups = new Set(Object.keys(locales['zh-CN']));
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const pageOf = (page: string) => chunks.find((c) => c.facadeModuleId?.endsWith(page));
      const pathsOf = (list: OutputChunk[]) => {
        const found = new Map<string, string[]>();
        for (const chunk of list) {
          for (const [id, module] of Object.entries(chunk.modules)) {
            if (!READS_TEXTS.test(id) || NOT_KEYS.test(id)) continue;
            for (const path of textPathsIn(module.code ?? '', groups))
              found.set(path.join('.'), path);
          }
        }
        return [...found.values()];
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('route-texts: no entry chunk');
      const shellChunks = reach(bundle, entry.fileName, false, new Set());
      const shellFiles = new Set(shellChunks.map((c) => c.fileName));
      const shell = pathsOf(shellChunks);
      const parts = SHELL_PARTS.map(({ file, area }) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(file));
        if (!chunk) throw new Error(`route-texts: no chunk for ${file}`);
        const reached = reach(bundle, chunk.fileName, false, shellFiles);
        return { file, area, chunks: reached, paths: pathsOf(reached) };
      });
      const tabBar = parts.find((part) => part.file.endsWith('/area-tab-bar.tsx'))!.chunks;

      // A page's code: the files its page imports statically beyond the shell, and their styles.
      const code: string[] = [];
      const codeIndex = new Map<string, number>();
      const codeOf = (list: OutputChunk[]) => {
        const indexes = new Set<number>();
        for (const chunk of list) {
          if (shellFiles.has(chunk.fileName)) continue;
          for (const file of [chunk.fileName, ...(chunk.viteMetadata?.importedCss ?? [])]) {
            if (!codeIndex.has(file)) codeIndex.set(file, code.push(file) - 1);
            indexes.add(codeIndex.get(file)!);
          }
        }
        return [...indexes];
      };

      const files: string[] = [];
      const fileFor = new Map<string, number>();
      const emit = (language: string, texts: Texts) => {
        const source = JSON.stringify(texts);
        const key = `${language}:${source}`;
        if (!fileFor.has(key)) {
          const ref = this.emitFile({ type: 'asset', name: `texts-${language}.json`, source });
          files.push(this.getFileName(ref));
          fileFor.set(key, files.length - 1);
        }
        return fileFor.get(key)!;
      };
      const both = (needed: string[][]): [number, number] => {
        const sorted = [...new Map(needed.map((path) => [path.join('.'), path])).entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([, path]) => path);
        return [
          emit('zh-CN', pickTexts(sorted, locales!['zh-CN'])),
          emit('en-US', pickTexts(sorted, locales!['en-US'])),
        ];
      };
      manifest = { files, shell: both(shell), code, routes: [] };
      for (const route of routes) {
        const page = pageOf(route.page);
        if (!page) throw new Error(`route-texts: no chunk for ${route.page}`);
        const needed = [
          ...shell,
          ...parts.filter((part) => route.path.startsWith(part.area)).flatMap((p) => p.paths),
          ...pathsOf(reach(bundle, page.fileName, true, shellFiles)),
        ];
        const pageCode = reach(bundle, page.fileName, false, shellFiles);
        manifest.routes.push([
          route.path,
          ...both(needed),
          codeOf(route.tabBar ? [...pageCode, ...tabBar] : pageCode),
          route.pattern,
        ]);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (!manifest) throw new Error('route-texts: no texts were written');
        return [
          // Data, not a script: the page's policy need not allow it.
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'route-texts' },
            children: JSON.stringify(manifest),
            injectTo: 'head',
          },
          // Asks for the opened page's texts beside the shell, instead of after it has run.
          { tag: 'script', children: preloadScript(apiBaseOverride), injectTo: 'head' },
        ];
      },
    },
  };
}
