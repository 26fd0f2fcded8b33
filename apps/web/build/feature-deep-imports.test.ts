import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFeatureIndex, rewriteFeatureImports } from './feature-deep-imports';

const index = readFeatureIndex(
  `// The offline feature's public face.
export { isNoAnswer, sendOrQueue as send, type SendOutcome } from './offline-queue';
export type { QueuedRequest } from './offline-db';
export { useQueueStore } from './stores/queue-store';

// Parts loaded when first needed.
export const loadOfflineSync = () => import('./offline-sync');
`,
  'offline',
);
const rewrite = (code: string) => rewriteFeatureImports(code, 'page.tsx', () => index);

describe("a feature's index.ts in the build", () => {
  it("becomes imports of the modules that define what is imported, each under the importer's name", () => {
    expect(
      rewrite(
        "import { useQueueStore, send as queue, isNoAnswer, type SendOutcome } from '@/features/offline';\nqueue();",
      ),
    ).toBe(
      [
        "import { useQueueStore } from '@/features/offline/stores/queue-store';",
        "import { sendOrQueue as queue, isNoAnswer } from '@/features/offline/offline-queue';",
        'queue();',
      ].join('\n'),
    );
  });

  it("gives a lazy part's loader to the importer as its own import() of that part", () => {
    expect(rewrite("import { loadOfflineSync } from '@/features/offline';")).toBe(
      "const loadOfflineSync = () => import('@/features/offline/offline-sync');",
    );
  });

  it('drops imports of types alone, and leaves other imports as they are', () => {
    expect(rewrite("import type { QueuedRequest } from '@/features/offline';\nx();")).toBe(
      '\nx();',
    );
    expect(rewrite("import { Paths } from '@/config/paths';")).toBeNull();
    expect(rewrite("const load = () => import('@/features/offline/pages/x-page');")).toBeNull();
  });

  it('refuses a name the index does not export, and any other use of an index', () => {
    expect(() => rewrite("import { flushQueue } from '@/features/offline';")).toThrow(
      'does not export flushQueue',
    );
    expect(() => rewrite("import * as offline from '@/features/offline';")).toThrow(
      'named imports only',
    );
    expect(() => rewrite("const m = import('@/features/offline');")).toThrow('named imports only');
  });

  it('reads every index.ts of the app (re-exports of its own modules and loaders, nothing else)', () => {
    const features = join(import.meta.dirname, '..', 'src', 'features');
    const names = readdirSync(features).filter((name) =>
      readdirSync(join(features, name)).includes('index.ts'),
    );
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      const exports = readFeatureIndex(
        readFileSync(join(features, name, 'index.ts'), 'utf8'),
        name,
      );
      expect(exports.size, name).toBeGreaterThan(0);
    }
    expect(() => readFeatureIndex('export function helper() {}\n', 'x')).toThrow(
      'may only re-export',
    );
  });
});
