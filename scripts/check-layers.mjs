// The layering and import-circle check of `npm run lint`: dependency-cruiser's rules from
// .dependency-cruiser.cjs, run once per workspace because both apps use the `@/` alias for
// different roots. Prints each wrong import with the rule's message and exits 1 if there is any.
//
//   node scripts/check-layers.mjs            the repository
//   node scripts/check-layers.mjs --root D   another tree laid out the same way (the fixture tests)
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = createRequire(import.meta.url)(path.join(repoRoot, '.dependency-cruiser.cjs'));

/** Each run: the folders it reads and the tsconfig that resolves its imports. */
const workspacesOf = (root) => [
  { name: 'web', folders: ['apps/web/src'], tsConfig: 'apps/web/tsconfig.json' },
  { name: 'server', folders: ['apps/server/src'], tsConfig: 'apps/server/tsconfig.json' },
  {
    // Every package's src/ (they use no path alias of their own).
    name: 'packages',
    folders: existsIn(root, 'packages')
      ? readdirSync(path.join(root, 'packages')).map((name) => `packages/${name}/src`)
      : [],
    tsConfig: 'packages/contracts/tsconfig.json',
  },
];

/**
 * Runs the rules over the tree at `root` (the repository unless given), laid out as the
 * repository is; returns the imports against them.
 * @param {string} [root]
 * @returns {Promise<{ workspace: string; rule: string; from: string; to: string; cycle?: string[] }[]>}
 */
export async function checkLayers(root = repoRoot) {
  const violations = [];
  for (const workspace of workspacesOf(root)) {
    const folders = workspace.folders.filter((folder) => existsIn(root, folder));
    if (folders.length === 0) continue;
    const tsConfig = existsIn(root, workspace.tsConfig)
      ? path.join(root, workspace.tsConfig)
      : undefined;
    const { output } = await cruise(
      folders,
      {
        ...config.options,
        // Modules are named from here, as the rules' paths expect.
        baseDir: root,
        validate: true,
        ruleSet: config,
        tsConfig: tsConfig ? { fileName: tsConfig } : undefined,
        // Another workspace's files are read by its own run.
        doNotFollow: { path: ['node_modules', `^(?!${folders.join('|')})`] },
      },
      undefined,
      tsConfig ? { tsConfig: extractTSConfig(tsConfig) } : undefined,
    );
    if (typeof output === 'string') throw new Error(output);
    for (const v of output.summary.violations) {
      violations.push({
        workspace: workspace.name,
        rule: v.rule.name,
        from: v.from,
        to: v.to,
        cycle: v.cycle?.map((step) => step.name),
      });
    }
  }
  return violations;
}

function existsIn(root, relative) {
  try {
    return Boolean(statSync(path.join(root, relative)));
  } catch {
    return false;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rootIndex = process.argv.indexOf('--root');
  const root = rootIndex > 0 ? path.resolve(process.argv[rootIndex + 1]) : repoRoot;
  const started = Date.now();
  const violations = await checkLayers(root);
  const comments = new Map(config.forbidden.map((rule) => [rule.name, rule.comment]));
  const byRule = new Map();
  for (const v of violations) byRule.set(v.rule, [...(byRule.get(v.rule) ?? []), v]);
  for (const [rule, list] of byRule) {
    console.error(`\n✖ ${rule} (${list.length}): ${comments.get(rule)}`);
    for (const v of list) {
      console.error(v.cycle ? `  ${[v.from, ...v.cycle].join(' → ')}` : `  ${v.from} → ${v.to}`);
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (violations.length > 0) {
    console.error(`\n${violations.length} import(s) against the layers (${seconds} s).`);
    process.exit(1);
  }
  console.log(`Layers and import circles: all clear (${seconds} s).`);
}
