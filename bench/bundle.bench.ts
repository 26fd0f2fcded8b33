/**
 * The bundle report: for every route, the JavaScript, texts and CSS a first visit downloads
 * before the page shows (entry, the route's share of the texts in the language shown, the route's
 * own chunk, each with what it imports), as sent (brotli) and as gzip and raw, and the script and
 * texts alone against the budgets of the pages that have one (the "initial JavaScript").
 * Reads the build, so run `npm run build` first. Prints figures, not a verdict.
 */
import { kb, routeBundles } from './bundle-report';

/** First-load budgets on the wire (brotli), per page. */
const BUDGETS: Record<string, number> = {
  '/customer/order-create': 160 * 1024,
  '/store/dashboard': 220 * 1024,
};
const HIGHLIGHT = [
  '/customer/order-create',
  '/store/dashboard',
  '/login',
  '/help',
  '/store/inventory/list',
];

const bundles = routeBundles().sort((a, b) => b.brotli - a.brotli);
const row = (
  path: string,
  files: number,
  raw: string,
  gzip: string,
  br: string,
  script: string,
  note: string,
) =>
  `${path.padEnd(40)} ${String(files).padStart(5)} ${raw.padStart(10)} ${gzip.padStart(10)} ${br.padStart(10)} ${script.padStart(10)}  ${note}`;

console.log(
  'First load per route (JS, texts and CSS before the page shows; "script": JS and texts, brotli)',
);
console.log(
  row('route', 0, 'raw', 'gzip', 'brotli', 'script', 'budget (script)').replace(
    /^(.{40})\s+0/,
    '$1 files',
  ),
);
for (const b of bundles) {
  const budget = BUDGETS[b.path];
  const note = budget
    ? `${(b.scriptBrotli / budget).toFixed(2)}× of ${kb(budget)} budget`
    : HIGHLIGHT.includes(b.path)
      ? '(measured page)'
      : '';
  console.log(
    row(b.path, b.files.length, kb(b.raw), kb(b.gzip), kb(b.brotli), kb(b.scriptBrotli), note),
  );
}
const largest = bundles[0];
const smallest = bundles.at(-1);
if (largest && smallest) {
  console.log(
    `\nroutes: ${bundles.length}; smallest ${smallest.path} ${kb(smallest.brotli)}, largest ${largest.path} ${kb(largest.brotli)} (${(largest.brotli / smallest.brotli).toFixed(2)}× the smallest)`,
  );
}
