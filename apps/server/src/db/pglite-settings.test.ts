import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const settings = new URL('./pglite-settings.mjs', import.meta.url).href;

/**
 * In a process of its own (V8's flags are the process's): how many of PGlite's WebAssembly
 * functions V8 compiled again with its optimizing compiler while a new embedded database was made
 * and answered statements of several kinds; with or without `optimizeOnlyHotWebAssembly()` first.
 * V8 reports every compilation with `--trace-wasm-compilation-times`, one line each.
 */
async function functionsOptimized(budget: boolean): Promise<number> {
  const script = `
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
  `;
  const { stdout } = await run(
    process.execPath,
    ['--trace-wasm-compilation-times', '--input-type=module', '-e', script],
    { cwd: new URL('.', import.meta.url), maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout.split('\n').filter((line) => line.includes(' using TurboFan')).length;
}

describe('the embedded database compiles only its hot code with the optimizing compiler', () => {
  it(
    'optimizes a small part of the functions V8’s default tiering does',
    { timeout: 240_000 },
    async () => {
      // Counted on Node 24: about 310 functions optimized at V8's default, 13 with the budget. A
      // count, not a time or a size, so a busy machine does not change it. (On Node 20 the test
      // read the compilers' peak memory; on Node 24 one function of PostgreSQL, hot at start
      // whatever the budget, takes most of that peak by itself: docs/performance.md.)
      const [byDefault, withBudget] = await Promise.all([
        functionsOptimized(false),
        functionsOptimized(true),
      ]);
      expect(byDefault, 'V8 reported its optimizations').toBeGreaterThan(100);
      expect(withBudget).toBeLessThan(byDefault / 5);
    },
  );
});
