// Bundles the server into dist/server.js, and the database commands (backup, restore, moving to
// PostgreSQL) into dist/db-cli.js. Workspace packages (TypeScript source) are bundled in;
// everything from node_modules stays external and is loaded at run time.
import { copyFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

// A new build's chunks have new names: none of an earlier one may stay beside them.
rmSync('dist', { recursive: true, force: true });

await build({
  entryPoints: { server: 'src/server.ts', 'db-cli': 'src/db/db-cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // What a server loads only when its settings call for it (the S3 client, the payment SDKs) is
  // a file of its own, imported when needed: `import()` in one bundle would load it at start.
  splitting: true,
  target: 'node24',
  sourcemap: true,
  // Stack traces need the mappings only: the sources are beside the map in the repository.
  sourcesContent: false,
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
copyFileSync('src/db/pglite-settings.mjs', 'dist/pglite-settings.mjs');
// Loaded before the bundle (`node --import`): source maps for the bundle alone.
copyFileSync('src/source-maps.mjs', 'dist/source-maps.mjs');
