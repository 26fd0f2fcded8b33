// Where a CI run's test time went, from the file times its suites wrote
// (scripts/file-times-reporter.mjs, one JSON file a suite): each suite's time by phase, the ten
// slowest test files of all suites, and every journey's time.
//   node scripts/ci-times.mjs <folder of the suites' file times>
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2];
if (!folder) throw new Error('usage: node scripts/ci-times.mjs <folder>');
const suites = readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({
    suite: name.replace(/\.json$/, ''),
    files: JSON.parse(readFileSync(join(folder, name), 'utf8')).files,
  }));

const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);
const PHASES = ['environment', 'prepare', 'setup', 'import', 'tests'];

console.log(
  'time in the test workers by phase, in seconds (two workers share a suite, so its wall time is about half)',
);
console.log(
  `${'suite'.padEnd(8)} ${'files'.padStart(5)} ${'total'.padStart(7)}${PHASES.map((p) => p.padStart(12)).join('')}`,
);
for (const { suite, files } of suites) {
  const sum = (key) => files.reduce((total, file) => total + file[key], 0);
  console.log(
    `${suite.padEnd(8)} ${String(files.length).padStart(5)} ${seconds(sum('total'))}${PHASES.map((p) => seconds(sum(p)).padStart(12)).join('')}`,
  );
}

const all = suites.flatMap(({ suite, files }) => files.map((file) => ({ suite, ...file })));
console.log('\nthe ten slowest test files (seconds: all, of which in tests and their hooks)');
for (const file of all.sort((a, b) => b.total - a.total).slice(0, 10)) {
  console.log(
    `${seconds(file.total)} ${seconds(file.tests)}  ${file.suite.padEnd(6)} ${file.file} (${file.testCount} tests)`,
  );
}

const journeys = suites.find(({ suite }) => suite === 'e2e');
if (journeys) {
  console.log('\nthe journeys, in seconds');
  for (const file of [...journeys.files].sort((a, b) => b.total - a.total)) {
    console.log(`${seconds(file.total)}  ${file.file} (${file.testCount} tests)`);
  }
}
