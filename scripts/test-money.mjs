// `npm run test:money`: the money property (apps/server/src/modules/orders/money-property.test.ts)
// on PostgreSQL, for longer than CI runs it. Options:
//
//   --runs N          random scenarios to play (CI plays 25)
//   --seed S          fast-check's seed, to play the same scenarios again
//   --path P          with --seed: replay just the failure a run printed
//   --shrink N        runs spent shrinking a failure (default 60; 0 reports it as found)
//
// The databases are made on TEST_DATABASE_URL as for `npm run test:pg` (scripts/test-pg.mjs).
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const FILE = 'apps/server/src/modules/orders/money-property.test.ts';
const OPTIONS = {
  '--runs': 'MONEY_RUNS',
  '--seed': 'MONEY_SEED',
  '--path': 'MONEY_PATH',
  '--shrink': 'MONEY_SHRINK_RUNS',
};

const env = { ...process.env };
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i += 1) {
  const name = OPTIONS[args[i]];
  const value = args[i + 1];
  if (!name || value === undefined) {
    console.error(`usage: npm run test:money -- [--runs N] [--seed S [--path P]] [--shrink N]`);
    process.exit(2);
  }
  env[name] = value;
  i += 1;
}

const result = spawnSync('node', ['scripts/test-pg.mjs', FILE], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
