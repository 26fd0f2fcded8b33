// `npm run typecheck`: every workspace's TypeScript projects (the `tsc -p …` of its own
// `typecheck` script), checked by TypeScript 7's native compiler (the `typescript-7` package):
// the same tsconfig.json files and type system as the TypeScript 6 that editors and the
// type-aware lint rules use (typescript-eslint needs 6's compiler API, which 7 has not), in a
// third of the time on two cores. It is called by path: both packages name their command `tsc`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const native = dirname(require.resolve('typescript-7/package.json'));
const tsc = join(native, JSON.parse(readFileSync(join(native, 'package.json'), 'utf8')).bin.tsc);

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
let failed = 0;
for (const workspace of readJson(join(root, 'package.json')).workspaces) {
  const script = readJson(join(root, workspace, 'package.json')).scripts?.typecheck ?? '';
  for (const [, project] of script.matchAll(/\btsc -p (\S+)/g)) {
    console.log(`${workspace}/${project}`);
    const { status } = spawnSync(process.execPath, [tsc, '-p', project], {
      cwd: join(root, workspace),
      stdio: 'inherit',
    });
    if (status !== 0) failed += 1;
  }
}
process.exit(failed > 0 ? 1 : 0);
