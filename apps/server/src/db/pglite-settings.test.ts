import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const settings = new URL('./pglite-settings.mjs', import.meta.url).href;

/**
 * In a process of its own (V8's flags and its peak are the process's): the most memory V8's
 * compilers held at once while a new embedded database was made and answered statements of
 * several kinds, in MiB; with or without `optimizeOnlyHotWebAssembly()` first.
 */
async function compilersPeakMiB(budget: boolean): Promise<number> {
  const script = `
    import { getHeapStatistics } from 'node:v8';
    import { PGlite } from '@electric-sql/pglite';
    import { optimizeOnlyHotWebAssembly } from ${JSON.stringify(settings)};
    if (${budget}) optimizeOnlyHotWebAssembly();
    const db = await PGlite.create();
    await db.exec("create table t (id serial primary key, a int, b text); insert into t (a, b) select g, md5(g::text) from generate_series(1, 2000) g; create index on t (a);");
    for (let i = 0; i < 50; i++) {
      await db.query('select a, count(*) from t where a % $1 = 0 group by a order by 2 desc limit 5', [i % 7 + 2]);
      await db.query('update t set b = b || $1 where id = $2', ['x', i + 1]);
    }
    await db.close();
    process.stdout.write(String(getHeapStatistics().peak_malloced_memory / 1048576));
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: new URL('.', import.meta.url),
  });
  return Number(stdout);
}

describe('the embedded database compiles only its hot code with the optimizing compiler', () => {
  it(
    'holds far less compiler memory than at V8’s default tiering',
    { timeout: 240_000 },
    async () => {
      // Measured: 84–99 MiB at V8's default, 53–56 MiB with the budget. A flag V8 no longer knew
      // would be ignored with a warning, and the two would differ by a few MiB. On a busy machine
      // one round has read 84 and 74: up to three rounds, each pair made at once (the same machine
      // load for both), and the flag works if one of them shows the gap.
      const rounds: string[] = [];
      for (let round = 0; round < 3; round++) {
        const [byDefault, withBudget] = await Promise.all([
          compilersPeakMiB(false),
          compilersPeakMiB(true),
        ]);
        rounds.push(
          `${byDefault.toFixed(1)} MiB at the default, ${withBudget.toFixed(1)} with the budget`,
        );
        if (byDefault - withBudget > 12) return;
      }
      expect.fail(`no round held 12 MiB less with the budget: ${rounds.join('; ')}`);
    },
  );
});
