// One lint set-up for every workspace: type-aware rules, React hooks, and the project's habits
// (configuration read once, no deep relative imports, features apart).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const deepRelative = {
  group: ['../../*'],
  message: 'Use the @/ alias instead of deep relative imports.',
};

/** antd-mobile's sheets and dialogs, each with a wrapper that Back closes first. */
const sheetImports = [
  {
    name: 'antd-mobile',
    importNames: [
      'Popup',
      'CenterPopup',
      'ActionSheet',
      'CalendarPicker',
      'Picker',
      'DatePicker',
      'Dialog',
      'Modal',
      'ImageViewer',
      'CascadePicker',
    ],
    message: "Use the wrapper in @/components/antd, which the phone's Back closes first.",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      'e2e/artifacts/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins and hooks are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [deepRelative],
        },
      ],
      // Settings are read once, in apps/server/src/config (CONVENTIONS.md habit 4).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through config/env.ts.' },
      ],
    },
  },
  {
    // The bundle report reads the web app's route table, whose imports use the web's @/ alias.
    files: ['bench/bundle*.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: 'bench/tsconfig.web.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // Links and redirects come from PUBLIC_BASE_URL or are relative, never from a request header
    // anyone can forge (Host, X-Forwarded-Host, X-Forwarded-Proto).
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through config/env.ts.' },
        ...['request', 'req'].flatMap((object) =>
          ['host', 'hostname', 'protocol'].map((property) => ({
            object,
            property,
            message:
              'Build links from PUBLIC_BASE_URL (or a relative path), never a request header.',
          })),
        ),
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The phone's Back closes an open sheet or dialog first: only through the wrappers in
    // components/antd (lib/close-on-back.ts), never antd-mobile's own.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/antd/**', '**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: sheetImports, patterns: [deepRelative] }],
    },
  },
  {
    // Shared code never imports a feature (said here beside the editor; the layering check of
    // `npm run lint`, .dependency-cruiser.cjs, holds every layer of docs/architecture.md).
    files: ['apps/web/src/lib/**', 'apps/web/src/components/**', 'apps/web/src/config/paths.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: sheetImports,
          patterns: [
            {
              group: ['@/features/*', '@/app/*'],
              message: 'Shared code must not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // The wrappers themselves, and tests, may use antd-mobile's own.
    files: ['apps/web/src/components/antd/**', 'apps/web/src/{lib,components}/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*'],
              message: 'Shared code must not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // A schema names its validation code from ValidationCode (validation-codes.ts): a code typed
    // as a string would reach callers without words in the server's and the web's tables.
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'CallExpression[callee.property.name=/^(min|max|length|regex|email|multipleOf|refine|gt|gte|lt|lte)$/] > Literal',
          'Property[key.name=/^(message|error|required|tooLong)$/] > Literal.value',
        ].map((selector) => ({
          selector: `${selector}[value=/^[A-Z][A-Za-z0-9]*$/]`,
          message: 'Name a validation code from ValidationCode (validation-codes.ts).',
        })),
      ],
    },
  },
  {
    files: [
      'scripts/**',
      '**/*.mjs',
      '**/*.config.{ts,js}',
      'e2e/**',
      'bench/**',
      '**/*.test.{ts,tsx}',
      '**/test/**',
      '**/testing/**',
    ],
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Tests read untyped JSON responses on purpose; their assertions are the type check.
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // dependency-cruiser's configuration (.dependency-cruiser.cjs) is CommonJS.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
);
