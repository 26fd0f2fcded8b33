import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLayers } from './check-layers.mjs';

const trees: string[] = [];
afterAll(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
});

const tsconfig = JSON.stringify({
  compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', paths: { '@/*': ['./src/*'] } },
});

/**
 * A small repository laid out as ours: a web app whose route table loads a page that uses a shared
 * feature through its index.ts, components/ and lib/; a server; the contracts. `change` adds or
 * replaces files (path → source).
 */
function tree(change: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  trees.push(root);
  const files: Record<string, string> = {
    'apps/web/tsconfig.json': tsconfig,
    'apps/web/src/main.tsx':
      "import { appRoutes } from '@/app/routes';\nexport const n = appRoutes.length;\n",
    'apps/web/src/app/routes.ts': [
      "import { Paths } from '@/config/paths';",
      "export const appRoutes = [{ path: Paths.orders, load: () => import('@/features/orders/pages/orders-page') }];",
    ].join('\n'),
    'apps/web/src/config/paths.ts': "export const Paths = { orders: '/orders' };\n",
    'apps/web/src/features/orders/pages/orders-page.tsx': [
      "import { useSession } from '@/features/auth';",
      "import { Button } from '@/components/button';",
      "import { orderTitle } from '../utils/title';",
      'export default function OrdersPage() { return Button(orderTitle(useSession())); }',
    ].join('\n'),
    'apps/web/src/features/orders/utils/title.ts':
      "export const orderTitle = (name: string) => `${name}'s orders`;\n",
    'apps/web/src/features/auth/index.ts': "export { useSession } from './stores/session';\n",
    'apps/web/src/features/auth/stores/session.ts': "export const useSession = () => 'Li Lei';\n",
    'apps/web/src/components/button.tsx':
      "import { money } from '@/lib/money';\nexport const Button = (text: string) => `${text} ${money(1)}`;\n",
    'apps/web/src/lib/money.ts': 'export const money = (fen: number) => `¥${fen / 100}`;\n',
    'apps/server/tsconfig.json': tsconfig,
    'apps/server/src/app.ts':
      "import { ordersRoutes } from '@/modules/orders/index';\nexport const app = [ordersRoutes];\n",
    'apps/server/src/modules/orders/index.ts':
      "import { pool } from '@/db/client';\nexport const ordersRoutes = pool;\n",
    'apps/server/src/db/client.ts': 'export const pool = 1;\n',
    'packages/contracts/tsconfig.json': JSON.stringify({ compilerOptions: {} }),
    'packages/contracts/src/index.ts': "export * from './orders';\n",
    'packages/contracts/src/orders.ts': 'export const OrderStatus = { Paid: 1 };\n',
    ...change,
  };
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return root;
}

const rulesBroken = async (root: string) => [
  ...new Set((await checkLayers(root)).map((v) => v.rule)),
];

describe('the layering check of npm run lint', () => {
  it('passes a tree whose imports follow the layers', async () => {
    expect(await checkLayers(tree())).toEqual([]);
  });

  it('fails on a page imported below app/', async () => {
    const root = tree({
      'apps/web/src/components/orders-link.tsx':
        "import OrdersPage from '@/features/orders/pages/orders-page';\nexport const link = OrdersPage;\n",
    });
    const violations = await checkLayers(root);
    expect(violations).toContainEqual(
      expect.objectContaining({
        rule: 'web-pages-only-from-app',
        from: 'apps/web/src/components/orders-link.tsx',
        to: 'apps/web/src/features/orders/pages/orders-page.tsx',
      }),
    );
    expect(await rulesBroken(root)).toContain('web-shared-code-no-features');
  });

  it('fails on the route table imported outside app/', async () => {
    const root = tree({
      'apps/web/src/features/auth/stores/session.ts':
        "import { appRoutes } from '@/app/routes';\nexport const useSession = () => `${appRoutes.length}`;\n",
    });
    expect(await rulesBroken(root)).toContain('web-route-table-only-in-app');
  });

  it("fails on a feature's insides imported from another feature", async () => {
    const root = tree({
      'apps/web/src/features/orders/pages/orders-page.tsx': [
        "import { useSession } from '@/features/auth/stores/session';",
        'export default function OrdersPage() { return useSession(); }',
      ].join('\n'),
    });
    expect(await checkLayers(root)).toEqual([
      expect.objectContaining({
        rule: 'web-feature-insides-private',
        from: 'apps/web/src/features/orders/pages/orders-page.tsx',
        to: 'apps/web/src/features/auth/stores/session.ts',
      }),
    ]);
  });

  it('fails on a shared feature that uses a page feature', async () => {
    const root = tree({
      'apps/web/src/features/orders/index.ts': "export { orderTitle } from './utils/title';\n",
      'apps/web/src/features/auth/stores/session.ts':
        "import { orderTitle } from '@/features/orders';\nexport const useSession = () => orderTitle('x');\n",
    });
    expect(await rulesBroken(root)).toEqual(['web-shared-features-not-to-pages']);
  });

  it('fails on an import circle, in the web app, the server and the packages alike', async () => {
    const root = tree({
      'apps/web/src/lib/money.ts':
        "import { Button } from '@/components/button';\nexport const money = (fen: number) => `${Button.name}${fen}`;\n",
      'apps/server/src/db/client.ts':
        "import { other } from './other';\nexport const pool = other;\n",
      'apps/server/src/db/other.ts':
        "import { pool } from './client';\nexport const other = () => pool;\n",
      'packages/contracts/src/orders.ts':
        "import type { Rider } from './riders';\nexport const OrderStatus = { Paid: 1 } as Rider;\n",
      'packages/contracts/src/riders.ts':
        "import { OrderStatus } from './orders';\nexport type Rider = typeof OrderStatus;\n",
    });
    const circles = (await checkLayers(root)).filter((v) => v.rule === 'no-circular');
    expect(circles.map((v) => v.workspace).sort()).toEqual(['packages', 'server', 'web']);
    expect(circles[0]?.cycle?.length).toBeGreaterThan(0);
  });

  it('fails on an import it cannot follow, which could hide a wrong one', async () => {
    const root = tree({
      'apps/web/src/lib/money.ts':
        "import { rate } from '@/lib/rates';\nexport const money = (fen: number) => `${fen * rate}`;\n",
    });
    expect(await rulesBroken(root)).toEqual(['imports-resolve']);
  });

  it('holds the server to its layers and the contracts to themselves', async () => {
    const root = tree({
      'apps/server/src/db/client.ts':
        "import { ordersRoutes } from '@/modules/orders/index';\nexport const pool = () => ordersRoutes;\n",
      'packages/contracts/src/orders.ts':
        "import { Paths } from '../../../apps/web/src/config/paths';\nexport const OrderStatus = Paths;\n",
    });
    const rules = await rulesBroken(root);
    expect(rules).toContain('server-lower-not-to-modules');
    expect(rules).toContain('contracts-no-apps');
  });
});
