import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Where each name a feature's index.ts exports comes from: its module and its name there, or, for
 * a loader of a lazy part, the module it loads.
 */
export type FeatureExports = Map<string, { module: string; imported: string } | { loads: string }>;

const RE_EXPORT = /export\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])(\.\/[^'"]+)\3;?/g;
const LOADER = /export\s+const\s+(\w+)\s*=\s*\(\)\s*=>\s*import\((['"])(\.\/[^'"]+)\2\);?/g;
const IMPORT =
  /(import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])@\/features\/([a-z0-9-]+)\4;?/g;
/** Any other use of a feature's index (a namespace, a default, a re-export, a dynamic import). */
const OTHER_USE = /(?:from|import\()\s*['"]@\/features\/[a-z0-9-]+(?:\/index)?['"]/;

const specifiers = (list: string) =>
  list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => {
      const [name, alias = name] = part.split(/\s+as\s+/) as [string, string?];
      return { name, alias };
    });

/**
 * Reads a feature's index.ts: `export { … } from './…'` of the feature's own modules, and
 * loaders of its lazy parts (`export const loadX = () => import('./…')`), nothing else.
 */
export function readFeatureIndex(source: string, feature: string): FeatureExports {
  const exports: FeatureExports = new Map();
  const rest = source
    .replace(RE_EXPORT, (_all, typeOnly: string | undefined, list: string, _q, from: string) => {
      if (!typeOnly) {
        for (const { name, alias } of specifiers(list)) {
          exports.set(alias, { module: `@/features/${feature}/${from.slice(2)}`, imported: name });
        }
      }
      return '';
    })
    .replace(LOADER, (_all, name: string, _q, from: string) => {
      exports.set(name, { loads: `@/features/${feature}/${from.slice(2)}` });
      return '';
    });
  const code = rest
    .replace(/\/\/.*$/gm, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .trim();
  if (code) {
    throw new Error(
      `features/${feature}/index.ts may only re-export the feature's modules and load its lazy parts, found: ${code.slice(0, 80)}`,
    );
  }
  return exports;
}

/**
 * Rewrites `import { a, b } from '@/features/x'` (and such re-exports) into imports of the modules
 * that define `a` and `b`, as features/x/index.ts says; a loader of a lazy part becomes the
 * importer's own `import()` of that part, as if written there. The source goes through a feature's index.ts (its public
 * face, which the layering check holds to); the bundle sees each module as if imported directly.
 * Through the index, every module it names is reachable from every page that uses one of them,
 * and the bundler grouped code by that reach: a page that wanted one helper of a feature got the
 * feature's heavy components in a chunk beside it, and the shell got whatever app/ could reach.
 */
export function rewriteFeatureImports(
  code: string,
  id: string,
  indexOf: (feature: string) => FeatureExports,
): string | null {
  if (!code.includes('@/features/')) return null;
  let changed = false;
  const out = code.replace(
    IMPORT,
    (_all, keyword: string, typeOnly: string | undefined, list: string, _q, feature: string) => {
      changed = true;
      if (typeOnly) return '';
      const exports = indexOf(feature);
      const byModule = new Map<string, string[]>();
      const loaders: string[] = [];
      for (const { name, alias } of specifiers(list)) {
        const origin = exports.get(name);
        if (!origin) throw new Error(`${id}: features/${feature}/index.ts does not export ${name}`);
        if ('loads' in origin) {
          if (keyword === 'export') throw new Error(`${id}: re-exports the loader ${name}`);
          loaders.push(`const ${alias} = () => import('${origin.loads}');`);
          continue;
        }
        const named = origin.imported === alias ? alias : `${origin.imported} as ${alias}`;
        byModule.set(origin.module, [...(byModule.get(origin.module) ?? []), named]);
      }
      return [
        ...[...byModule].map(
          ([module, names]) => `${keyword} { ${names.join(', ')} } from '${module}';`,
        ),
        ...loaders,
      ].join('\n');
    },
  );
  if (OTHER_USE.test(out)) {
    throw new Error(`${id}: use a feature's index.ts through named imports only`);
  }
  return changed ? out : null;
}

export function featureDeepImports(): Plugin {
  const featuresRoot = fileURLToPath(new URL('../src/features/', import.meta.url));
  let indexes = new Map<string, FeatureExports>();
  return {
    name: 'snowgear:feature-deep-imports',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      indexes = new Map();
    },
    transform: {
      filter: { id: /[\\/]src[\\/].*\.tsx?$/ },
      handler(code, id) {
        if (id.includes('node_modules')) return null;
        const out = rewriteFeatureImports(code, id, (feature) => {
          let exports = indexes.get(feature);
          if (!exports) {
            const file = `${featuresRoot}${feature}/index.ts`;
            this.addWatchFile(file);
            exports = readFeatureIndex(readFileSync(file, 'utf8'), feature);
            indexes.set(feature, exports);
          }
          return exports;
        });
        return out === null ? null : { code: out, map: null };
      },
    },
  };
}
