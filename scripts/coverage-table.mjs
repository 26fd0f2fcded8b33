// Prints what the tests cover of each module, from Vitest's json-summary coverage report
// (`npm run test:coverage`): the server's modules/* and the web app's features/* one by one, the
// other folders of each app and each package as a whole.
//   node scripts/coverage-table.mjs [coverage/coverage-summary.json]
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const file = process.argv[2] ?? `${root}coverage/coverage-summary.json`;
const summary = JSON.parse(readFileSync(file, 'utf8'));
const KINDS = ['lines', 'statements', 'functions', 'branches'];

/** The module a source file belongs to, e.g. 'server modules/orders' or 'web features/finance'. */
function moduleOf(path) {
  const parts = relative(root, path).split('/');
  if (parts[0] === 'packages') return `${parts[1]}`;
  const app = parts[1];
  const [dir, name] = parts.slice(3);
  if (name === undefined) return `${app} (top level)`;
  if ((app === 'server' && dir === 'modules') || (app === 'web' && dir === 'features')) {
    return `${app} ${dir}/${name}`;
  }
  return `${app} ${dir}`;
}

const modules = new Map();
for (const [path, counts] of Object.entries(summary)) {
  if (path === 'total') continue;
  const name = moduleOf(path);
  const sums = modules.get(name) ?? {
    files: 0,
    ...Object.fromEntries(KINDS.map((k) => [k, { covered: 0, total: 0 }])),
  };
  sums.files += 1;
  for (const kind of KINDS) {
    sums[kind].covered += counts[kind].covered;
    sums[kind].total += counts[kind].total;
  }
  modules.set(name, sums);
}

const percent = ({ covered, total }) =>
  total === 0 ? '    -' : `${((100 * covered) / total).toFixed(1).padStart(5)}`;
const width = Math.max(...[...modules.keys()].map((name) => name.length), 'module'.length);
console.log(
  `${'module'.padEnd(width)}  files  lines  % lines  % statements  % functions  % branches`,
);
const row = (name, sums, files) =>
  console.log(
    `${name.padEnd(width)}  ${String(files).padStart(5)}  ${String(sums.lines.total).padStart(5)}  ${percent(sums.lines).padStart(7)}  ${percent(sums.statements).padStart(12)}  ${percent(sums.functions).padStart(11)}  ${percent(sums.branches).padStart(10)}`,
  );
for (const name of [...modules.keys()].sort())
  row(name, modules.get(name), modules.get(name).files);
row(
  'all',
  summary.total,
  [...modules.values()].reduce((n, m) => n + m.files, 0),
);
