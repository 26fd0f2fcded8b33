/**
 * Steady heavy work on the embedded database, at V8's default tiering (the baseline) and with the
 * server's budget (`optimizeOnlyHotWebAssembly()` in apps/server/src/db/pglite-settings.mjs), each
 * in a process of its own (V8's flags are the process's), one after the other: a loop of a join
 * with a count, a sum, an update and an insert in a transaction, and a `like` search, on 20,000
 * orders and 60,000 lines. Prints the rounds of each 5 s and the ratio of the last half.
 *
 * The budget must not make steady work slower once it has run a while (docs/performance.md,
 * "Memory of the embedded server"): the optimizing compiler still takes on what runs all the time.
 */
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { repoRoot } from '@snowgear/server/testing/process';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const run = promisify(execFile);
const settings = new URL('apps/server/src/db/pglite-settings.mjs', pathToFileURL(repoRoot)).href;

async function roundsPerFiveSeconds(budget: boolean): Promise<number[]> {
  const script = `
    import { PGlite } from '@electric-sql/pglite';
    import { optimizeOnlyHotWebAssembly } from ${JSON.stringify(settings)};
    if (${budget}) optimizeOnlyHotWebAssembly();
    const db = await PGlite.create();
    await db.exec(\`create table o (id serial primary key, store int, status int, amount numeric(12,2), note text);
      create index on o (store, status);
      create table l (id serial primary key, order_id int references o (id), sku text, qty int);
      insert into o (store, status, amount, note) select g % 7, g % 5, g * 1.5, md5(g::text) from generate_series(1, 20000) g;
      insert into l (order_id, sku, qty) select g % 20000 + 1, 'sku' || g % 300, g % 3 + 1 from generate_series(1, 60000) g;
      analyze;\`);
    const start = Date.now();
    const windows = [];
    let rounds = 0, since = start;
    for (let n = 0; Date.now() - start < ${SECONDS * 1000}; n++) {
      await db.query('select o.id, count(l.id) from o join l on l.order_id = o.id where o.store = $1 and o.status = $2 group by o.id order by o.id desc limit 20', [n % 7, n % 5]);
      await db.query('select sum(amount), count(*) from o where store = $1', [n % 7]);
      await db.transaction(async (tx) => {
        await tx.query('update o set status = $1 where id = $2', [n % 5, (n * 37) % 20000 + 1]);
        await tx.query('insert into l (order_id, sku, qty) values ($1, $2, 1)', [(n * 13) % 20000 + 1, 'x']);
      });
      await db.query('select * from o where note like $1 limit 5', [(n % 10) + '%']);
      rounds++;
      if (Date.now() - since >= 5000) { windows.push(rounds); rounds = 0; since = Date.now(); }
    }
    await db.close();
    process.stdout.write(JSON.stringify(windows));
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: `${repoRoot}apps/server`,
  });
  return JSON.parse(stdout) as number[];
}

const lastHalf = (windows: number[]) => {
  const tail = windows.slice(Math.floor(windows.length / 2));
  return tail.reduce((sum, n) => sum + n, 0) / tail.length;
};

const byDefault = await roundsPerFiveSeconds(false);
const withBudget = await roundsPerFiveSeconds(true);
console.log(`Steady work on the embedded database, rounds per 5 s over ${SECONDS} s`);
console.log(`  V8's default tiering (baseline)  ${byDefault.join(' ')}`);
console.log(`  the server's tiering budget      ${withBudget.join(' ')}`);
console.log(
  `  last half: ${(lastHalf(withBudget) / lastHalf(byDefault)).toFixed(2)}× the baseline's rounds`,
);
