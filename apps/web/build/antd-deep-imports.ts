import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const antdRoot = dirname(require.resolve('antd-mobile/package.json'));
const iconsRoot = dirname(require.resolve('antd-mobile-icons/package.json'));

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** Where a named import of either package lives as a module of its own (its default export). */
const LIBRARIES: Record<string, (name: string) => string> = {
  'antd-mobile': (name) => `antd-mobile/es/components/${kebab(name)}`,
  'antd-mobile-icons': (name) => `antd-mobile-icons/es/${name}`,
};
const FILES: Record<string, (path: string) => string> = {
  'antd-mobile': (path) => join(antdRoot, path.slice('antd-mobile/'.length), 'index.js'),
  'antd-mobile-icons': (path) => join(iconsRoot, `${path.slice('antd-mobile-icons/'.length)}.js`),
};

const IMPORT = /(import|export)\s*\{([^}]*)\}\s*from\s*(['"])(antd-mobile|antd-mobile-icons)\3;?/g;

/**
 * Rewrites `import { Button, Toast } from 'antd-mobile'` (and such re-exports) in the app's code
 * into imports of each
 * component's own module (as babel-plugin-import does for antd). Through the package's index,
 * every component is reachable from every page, so the bundler grouped code by that reach: the
 * popups' animation library landed in the chunk every button needs. Each component's own module
 * shows what a page really uses. The source keeps the ordinary import (types, tests, editors).
 */
export function antdDeepImports(): Plugin {
  return {
    name: 'snowgear:antd-deep-imports',
    apply: 'build',
    enforce: 'post',
    transform: {
      filter: { id: /[\\/]src[\\/].*\.tsx?$/ },
      handler(code, id) {
        if (id.includes('node_modules') || !code.includes('antd-mobile')) return null;
        let changed = false;
        const out = code.replace(
          IMPORT,
          (_all, keyword: string, list: string, _quote: string, library: string) => {
            changed = true;
            return list
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean)
              .map((part) => {
                const [imported, local = imported] = part.split(/\s+as\s+/) as [string, string?];
                const path = LIBRARIES[library]!(imported);
                if (!existsSync(FILES[library]!(path))) {
                  throw new Error(`${id}: no module of its own for ${imported} from ${library}`);
                }
                return keyword === 'import'
                  ? `import ${local} from '${path}';`
                  : `export { default as ${local} } from '${path}';`;
              })
              .join('\n');
          },
        );
        return changed ? { code: out, map: null } : null;
      },
    },
  };
}
