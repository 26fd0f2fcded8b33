/**
 * The scanner's decode pipeline (photo mode) on every image of a manifest, against the
 * reference (plain zxing-wasm with tryHarder, UPC normalised) on the same images in the same
 * process. Only the ratios mean anything across machines.
 *
 *   npm run bench:scanner -- [--manifest <manifest.json> | --conditions] [--failures]
 *
 * Image paths in the manifest are relative to its folder; the default manifest is the public
 * set of photos in packages/barcode/testdata. `--conditions` measures labels of the weak
 * formats drawn here under a counter's conditions (scanner-conditions.ts), with each
 * condition's share read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BARCODE_FORMATS } from '@snowgear/barcode';
import {
  decodePhoto,
  decodeReference,
  evaluate,
  loadImage,
  prepareNodeDecoder,
  readManifest,
  type Tally,
} from '@snowgear/barcode/node';
import { writeConditionSet } from './scanner-conditions';

const { values } = parseArgs({
  options: {
    manifest: { type: 'string' },
    conditions: { type: 'boolean', default: false },
    failures: { type: 'boolean', default: false },
  },
});
// npm runs a script from its package's folder; a relative path is taken from where npm was run
// (the repository root for the root script, which runs npm again from there).
const cwd = process.env.INIT_CWD ?? process.cwd();
const conditionsDir = values.conditions ? mkdtempSync(join(tmpdir(), 'scanner-conditions-')) : null;
const manifestPath = conditionsDir
  ? await writeConditionSet(conditionsDir)
  : values.manifest
    ? resolve(cwd, values.manifest)
    : fileURLToPath(new URL('../packages/barcode/testdata/manifest.public.json', import.meta.url));

await prepareNodeDecoder();
const manifest = await readManifest(manifestPath);
const [first] = manifest.entries;
if (!first) throw new Error(`${manifestPath} lists no images`);

// Warm up both decoders so neither pays for the first calls into WebAssembly.
const warmUp = await loadImage(resolve(manifest.dir, first.file));
for (let i = 0; i < 3; i++) {
  await decodeReference({ ...warmUp, data: warmUp.data.slice() });
  await decodePhoto({ ...warmUp, data: warmUp.data.slice() });
}

const reference = await evaluate(manifest, decodeReference);
const product = await evaluate(manifest, decodePhoto);

const percent = (t: Tally) => (t.rate * 100).toFixed(1);
const cells = (t: Tally | undefined) =>
  t
    ? [`${percent(t)}%`.padStart(8), t.medianMs.toFixed(2).padStart(9)]
    : ['-'.padStart(8), '-'.padStart(9)];

console.log(`manifest: ${relative(cwd, manifestPath)}`);
console.log(
  `${'format'.padEnd(10)} ${'n'.padStart(4)} ${'success'.padStart(8)} ${'median ms'.padStart(9)}` +
    `   ${'ref succ'.padStart(8)} ${'ref ms'.padStart(9)}`,
);
for (const format of BARCODE_FORMATS) {
  const mine = product.byFormat[format];
  if (!mine) continue;
  const [success, ms] = cells(mine);
  const [refSuccess, refMs] = cells(reference.byFormat[format]);
  console.log(
    `${format.padEnd(10)} ${String(mine.n).padStart(4)} ${success} ${ms}   ${refSuccess} ${refMs}`,
  );
}
const [success, ms] = cells(product);
const [refSuccess, refMs] = cells(reference);
console.log(
  `${'all'.padEnd(10)} ${String(product.n).padStart(4)} ${success} ${ms}   ${refSuccess} ${refMs}`,
);

if (conditionsDir) {
  // Each condition's share: the images sit in a folder named after it.
  const byCondition = new Map<string, { n: number; failed: number }>();
  for (const entry of manifest.entries) {
    const condition = dirname(entry.file);
    const row = byCondition.get(condition) ?? { n: 0, failed: 0 };
    row.n += 1;
    row.failed += product.failures.some((f) => f.file === entry.file) ? 1 : 0;
    byCondition.set(condition, row);
  }
  for (const [condition, row] of byCondition) {
    const share = (((row.n - row.failed) / row.n) * 100).toFixed(1);
    console.log(`${condition.padEnd(10)} ${String(row.n).padStart(4)} ${`${share}%`.padStart(8)}`);
  }
}

if (values.failures) {
  for (const failure of product.failures) {
    console.log(`not read: ${failure.file} (${failure.format}) got ${JSON.stringify(failure.got)}`);
  }
}

const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');
console.log(
  `reference (zxing-wasm tryHarder): success=${percent(reference)}% median_ms=${reference.medianMs.toFixed(2)}`,
);
console.log(
  `ratio vs reference: success ${ratio(product.rate, reference.rate)}, median time ${ratio(product.medianMs, reference.medianMs)}`,
);
console.log(
  `scanner: success=${percent(product)}% median_ms=${product.medianMs.toFixed(2)} n=${product.n}`,
);

if (conditionsDir) rmSync(conditionsDir, { recursive: true, force: true });
