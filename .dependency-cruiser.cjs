// The layers of the web app, the server and the shared packages, and the rule against import
// circles, checked by `npm run lint` (scripts/check-layers.mjs runs dependency-cruiser once per
// workspace so that each app's `@/` alias resolves through its own tsconfig). docs/architecture.md
// draws the layers. Each rule's `comment` is the message a wrong import fails with.

const web = 'apps/web/src/';
const server = 'apps/server/src/';

/** Tests and their helpers may reach anywhere (they are exempt from layering, not from circles). */
const tests = ['\\.test\\.tsx?$', '/test/', '/testing/'];

/**
 * The shared features: those with no page of their own that several page features (or each other)
 * use, drawn from the imports: sign-in and the caller (auth), the settings the server hands out
 * (system-config), the app's online/update state (app-state), the scanner, sounds (audio), work
 * kept while offline (offline), the stores (stores), riders and addresses (saved on a profile,
 * picked in a booking and an order), the rental summary (booking, orders, payments), cash on
 * delivery (orders, driver, payments), the way to a store (store-navigation) and the damage
 * notes and on-the-spot photos of returns, batches and deliveries (damage-notes).
 * Every other folder in features/ is a page feature.
 */
const sharedFeatures = [
  'auth',
  'system-config',
  'app-state',
  'scanner',
  'audio',
  'offline',
  'stores',
  'riders',
  'addresses',
  'rental-summary',
  'cash-on-delivery',
  'store-navigation',
  'damage-notes',
];
const shared = `(${sharedFeatures.join('|')})`;

/** A feature's insides are its own (the rule comes twice: app/ may also load pages). */
const insidesPrivate = {
  name: 'web-feature-insides-private',
  severity: 'error',
  comment:
    'A feature is used from outside only through its index.ts (its public face); its components/, ' +
    'api/, utils/, stores/... stay its own. Export what others need from features/<name>/index.ts ' +
    '(app/ alone may load a page from features/<name>/pages/).',
};

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Imports run one way: a module must not import, even through others, a module that imports ' +
        'it. Move what both sides need down a layer (or into a file of its own) to break the circle.',
      from: {},
      to: { circular: true },
    },

    {
      name: 'imports-resolve',
      severity: 'error',
      comment:
        'Every import resolves to a file or a package: one the check cannot follow could hide a ' +
        "wrong import (Vite's virtual modules and asset URLs aside).",
      from: {},
      to: { couldNotResolve: true, pathNot: ['^virtual:', '\\?(url|raw|worker)$'] },
    },

    // ---- web: app/ -> page features -> shared features -> components/ & lib/ -> contracts ----
    {
      name: 'web-route-table-only-in-app',
      severity: 'error',
      comment:
        'Only app/ (router, layouts, main.tsx) reads the route table, the one place that knows every ' +
        'page. Features, components/ and lib/ build links from config/paths.ts and ask ' +
        "config/route-meta.ts's mayOpen who may open them.",
      from: { path: `^${web}`, pathNot: [`^${web}(app/|main\\.tsx$)`, ...tests] },
      to: { path: `^${web}app/routes\\.ts$` },
    },
    {
      name: 'web-app-only-from-main',
      severity: 'error',
      comment:
        'app/ (router, route table, layouts) is the top layer: only main.tsx and app/ itself use it. ' +
        'Features, components/, lib/ and config/ never import app/; let app/ pass them what they need.',
      from: { path: `^${web}`, pathNot: [`^${web}(app/|main\\.tsx$)`, ...tests] },
      to: { path: `^${web}app/`, pathNot: `^${web}app/routes\\.ts$` },
    },
    {
      name: 'web-pages-only-from-app',
      severity: 'error',
      comment:
        "A page (features/<name>/pages/) is loaded only by app/'s route table (and used inside its " +
        'own feature). Nothing below app/ imports a page: link to it through config/paths.ts.',
      from: {
        path: `^${web}(?:features/([^/]+)/|(?!features/))`,
        pathNot: [`^${web}(app/|main\\.tsx$)`, ...tests],
      },
      to: {
        path: `^${web}features/[^/]+/pages/`,
        pathNot: `^${web}features/$1/`,
      },
    },
    {
      ...insidesPrivate,
      from: { path: `^${web}(?:features/([^/]+)/|(?!app/))`, pathNot: tests },
      to: {
        path: `^${web}features/[^/]+/.`,
        pathNot: [`^${web}features/[^/]+/index\\.tsx?$`, `^${web}features/$1/`],
      },
    },
    {
      ...insidesPrivate,
      from: { path: `^${web}app/`, pathNot: tests },
      to: {
        path: `^${web}features/[^/]+/.`,
        pathNot: [`^${web}features/[^/]+/(index\\.tsx?$|pages/)`],
      },
    },
    {
      name: 'web-shared-features-not-to-pages',
      severity: 'error',
      comment:
        `Shared features (${sharedFeatures.join(', ')}) sit below the page features: they use ` +
        'each other, components/ and lib/, never a page feature. Move what they need down.',
      from: { path: `^${web}features/${shared}/`, pathNot: tests },
      to: { path: `^${web}features/`, pathNot: `^${web}features/${shared}/` },
    },
    {
      name: 'web-shared-code-no-features',
      severity: 'error',
      comment:
        'components/, lib/, config/ and locales/ are the bottom of the web app: they use each other ' +
        'and @snowgear/contracts, never a feature or app/. Move the piece down, or take it as a prop.',
      from: { path: `^${web}(components|lib|config|locales)/`, pathNot: tests },
      to: { path: `^${web}(features|app)/` },
    },

    // ---- server: entry files -> demo/ -> modules/ & plugins/ -> lib/ db/ file-store/ config/ ----
    {
      name: 'server-entry-on-top',
      severity: 'error',
      comment:
        'server.ts, app.ts, startup.ts and prepare.ts are the top of the server: they assemble the ' +
        'plugins and modules and prepare the database (demo data or the first administrator); ' +
        'nothing below imports them.',
      from: {
        path: `^${server}`,
        pathNot: [`^${server}(server|app|startup|prepare)\\.ts$`, ...tests],
      },
      to: { path: `^${server}(server|app|startup|prepare)\\.ts$` },
    },
    {
      name: 'server-demo-above-modules',
      severity: 'error',
      comment:
        'The demo data loader (src/demo/) uses the modules like any caller: only the entry files ' +
        'import it; modules/, plugins/, lib/, db/, file-store/ and config/ never do.',
      from: { path: `^${server}(modules|plugins|lib|db|file-store|config)/`, pathNot: tests },
      to: { path: `^${server}demo/` },
    },
    {
      name: 'server-lower-not-to-modules',
      severity: 'error',
      comment:
        'lib/, db/, file-store/ and config/ sit below modules/ and plugins/ (which may use each ' +
        'other): they never import a module or a plugin. Move the piece down, or pass it in.',
      from: { path: `^${server}(lib|db|file-store|config)/`, pathNot: tests },
      to: { path: `^${server}(modules|plugins)/` },
    },

    // ---- packages ----
    {
      name: 'contracts-no-apps',
      severity: 'error',
      comment:
        '@snowgear/contracts is the bottom of both apps (zod only): it imports nothing of apps/web, ' +
        'apps/server or another workspace.',
      from: { path: '^packages/contracts/src/' },
      to: { path: '^(apps|packages/(?!contracts/)[^/]+|bench|e2e)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
