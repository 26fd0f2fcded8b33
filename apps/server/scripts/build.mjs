// Bundles the server into dist/server.js, and the database commands (backup, restore, moving to
// PostgreSQL) into dist/db-cli.js. Workspace packages (TypeScript source) are bundled in;
// everything from node_modules stays external and is loaded at run time.
import { copyFileSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server.ts', 'db-cli': 'src/db/db-cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  plugins: [
    {
      name: 'external-node-modules',
      setup(b) {
        // Bare imports other than our own @snowgear/* workspace packages stay external.
        b.onResolve({ filter: /^[^.]/ }, (args) => {
          if (args.kind === 'entry-point') return undefined;
          if (args.path.startsWith('@snowgear/') || args.path.startsWith('@/')) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
  logLevel: 'warning',
});

// The embedded database's thread (src/db/pglite-thread.ts) loads these files beside the bundle.
copyFileSync('src/db/pglite-worker.mjs', 'dist/pglite-worker.mjs');
copyFileSync('src/db/pglite-statements.mjs', 'dist/pglite-statements.mjs');
