/**
 * What each route's first visit downloads: the entry with the chunks it imports statically, then
 * the route's own chunk and what that imports, read from the build's manifest
 * (`apps/web/dist/.vite/manifest.json`, so run `npm run build` first). Sizes are those on the wire:
 * the brotli copies the build writes beside each file (gzip for comparison).
 */
import { readFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appRoutes } from '../apps/web/src/app/routes';

const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  src?: string;
}
type Manifest = Record<string, Chunk>;

export interface RouteBundle {
  path: string;
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
  /** Brotli of the script and the texts alone (no CSS). */
  scriptBrotli: number;
}

function size(file: string, suffix = ''): number {
  const path = join(dist, file + suffix);
  if (existsSync(path)) return statSync(path).size;
  // Files under 1 KB have no compressed copy: they go out as they are.
  return statSync(join(dist, file)).size;
}

export function readManifest(): Manifest {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error('No build manifest: run `npm run build` first.');
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** The manifest key of a route's page module, from its `load: () => import('@/…')`. */
function pageKey(manifest: Manifest, load: () => unknown): string {
  const match = /import\(["']@\/([^"']+)["']\)/.exec(String(load));
  if (!match) throw new Error(`Cannot read the page module of ${String(load)}`);
  const base = `src/${match[1]}`;
  const key = [`${base}.tsx`, `${base}.ts`, `${base}/index.tsx`].find((k) => k in manifest);
  if (!key) throw new Error(`${base} is not in the build manifest`);
  return key;
}

/** Every chunk a key loads before it runs: itself and its static imports, depth first. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  if (into.has(key)) return;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, into);
}

/**
 * The texts a first visit shows before the first paint: the route's share of the Chinese texts
 * (Chinese first), as index.html lists them (apps/web/build/route-texts.ts).
 */
function firstTextsOf(routePath: string): string {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const data = /<script type="application\/json" id="route-texts">([^<]*)<\/script>/.exec(
    html,
  )?.[1];
  if (!data) throw new Error('index.html lists no route texts');
  const manifest = JSON.parse(data) as { files: string[]; routes: [string, number, number][] };
  const entry = manifest.routes.find(([path]) => path === routePath);
  if (!entry) throw new Error(`no texts for ${routePath}`);
  return manifest.files[entry[1]]!;
}

/**
 * The chunks index.html loads itself: the entry and the shell it imports (the build gathers
 * everything the first paint needs into the shell), preloaded and started after the first frame
 * (apps/web/build/start-after-boot.ts), or as module scripts.
 */
function entryKeys(manifest: Manifest): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const loads =
    /<script type="module"[^>]*\ssrc="\/([^"]+)"|<link rel="modulepreload"[^>]*\shref="\/([^"]+)"/g;
  const files = [...html.matchAll(loads)].map((m) => m[1] ?? m[2]);
  const keys = Object.keys(manifest).filter((k) => files.includes(manifest[k]!.file));
  if (keys.length === 0) throw new Error('index.html loads no chunk of the manifest');
  return keys;
}

export function routeBundles(): RouteBundle[] {
  const manifest = readManifest();
  const entries = entryKeys(manifest);
  return appRoutes.map((route) => {
    const keys = new Set<string>();
    for (const entry of entries) staticClosure(manifest, entry, keys);
    staticClosure(manifest, pageKey(manifest, route.load), keys);
    const files = [...keys].map((k) => manifest[k]!.file);
    const css = [...keys].flatMap((k) => manifest[k]!.css ?? []);
    const all = [...new Set([...files, ...css, firstTextsOf(route.path)])];
    return {
      path: route.path,
      files: all,
      raw: all.reduce((n, f) => n + size(f), 0),
      gzip: all.reduce((n, f) => n + size(f, '.gz'), 0),
      brotli: all.reduce((n, f) => n + size(f, '.br'), 0),
      scriptBrotli: all.filter((f) => !f.endsWith('.css')).reduce((n, f) => n + size(f, '.br'), 0),
    };
  });
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
