import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const APP_PACKAGES = ['@breaker/api', '@breaker/api/*', '@breaker/worker', '@breaker/worker/*', '@breaker/web', '@breaker/web/*'];
const DATABASE_DRIVERS = ['kysely', 'kysely/*', 'pg', '@electric-sql/*', 'kysely-pglite-dialect'];
const IO_MODULES = [
  'node:fs',
  'node:fs/*',
  'fs',
  'fs/*',
  'node:net',
  'net',
  'node:http',
  'http',
  'node:https',
  'https',
  'node:child_process',
  'child_process',
  'node:dgram',
  'node:worker_threads',
  'node:crypto',
  'crypto',
  'ioredis',
  'bullmq',
  'googleapis',
  '@googleapis/*',
  'google-auth-library',
  'pino',
];

const TEST_FILES = ['**/*.test.ts', '**/*.test-support.ts', '**/testing.ts'];

/** Each app is a host: it may use every package but no other app, by name or by path. */
function otherApps(app) {
  return ['api', 'worker', 'web']
    .filter((other) => other !== app)
    .flatMap((other) => [`@breaker/${other}`, `@breaker/${other}/*`, `**/apps/${other}/**`, `**/${other}/src/**`]);
}

/** The dependency directions of the architecture, as lint rules (see eslint.config.test.ts). */
function restrict(patterns) {
  return { 'no-restricted-imports': 'off', '@typescript-eslint/no-restricted-imports': ['error', { patterns }] };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/routeTree.gen.ts',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Settings come from each app's env module (and a CLI's own arguments), so a missing one fails once, at start-up.
    files: ['apps/*/src/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: [...TEST_FILES, '**/env.ts', '**/cli.ts', '**/cli/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: "Read settings in the app's env module and pass them in." },
      ],
    },
  },
  ...['api', 'worker'].map((app) => ({
    files: [`apps/${app}/src/**/*.ts`],
    ignores: TEST_FILES,
    rules: restrict([
      { group: otherApps(app), message: 'Apps never import other apps: shared code lives in a package.' },
      { group: ['@breaker/fakes', '@breaker/fakes/*'], message: 'Fake providers are for tests, benches and the demo.' },
    ]),
  })),
  ...['api', 'worker'].map((app) => ({
    files: [`apps/${app}/**/*.test.ts`, `apps/${app}/**/*.test-support.ts`],
    rules: restrict([{ group: otherApps(app), message: 'Apps never import other apps: shared code lives in a package.' }]),
  })),
  {
    files: ['packages/**/*.ts'],
    rules: restrict([
      { group: APP_PACKAGES, message: 'Packages never import apps: apps depend on packages.' },
      { group: ['**/apps/**'], message: 'Packages never import apps: apps depend on packages.' },
    ]),
  },
  {
    files: ['packages/*/src/**/*.ts'],
    ignores: TEST_FILES,
    rules: restrict([
      { group: APP_PACKAGES, message: 'Packages never import apps: apps depend on packages.' },
      { group: ['**/apps/**'], message: 'Packages never import apps: apps depend on packages.' },
      { group: ['@breaker/fakes', '@breaker/fakes/*'], message: 'Fake providers are for tests, benches and the demo.' },
    ]),
  },
  {
    files: ['packages/api-contract/**/*.ts', 'packages/scheduler/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      { group: APP_PACKAGES, message: 'Packages never import apps: apps depend on packages.' },
      { group: ['**/apps/**'], message: 'Packages never import apps: apps depend on packages.' },
      { group: DATABASE_DRIVERS, message: 'Only packages/db talks to the database.' },
      { group: ['@breaker/db', '@breaker/db/*'], message: 'This package stays free of the data layer.' },
    ]),
  },
  {
    files: ['packages/scheduler/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      ...restrict([
        { group: APP_PACKAGES, message: 'Packages never import apps.' },
        { group: [...DATABASE_DRIVERS, '@breaker/db', '@breaker/db/*'], message: 'The scheduler is pure: no database.' },
        { group: IO_MODULES, message: 'The scheduler is pure: no I/O.' },
      ]),
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'The scheduler takes `now` as input.' },
        { object: 'Math', property: 'random', message: 'The scheduler takes a seed.' },
        { object: 'DateTime', property: 'now', message: 'The scheduler takes `now` as input.' },
        { object: 'DateTime', property: 'local', message: 'The scheduler takes `now` as input.' },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'The scheduler is pure: no I/O.' },
        { name: 'process', message: 'The scheduler is pure: no environment.' },
        { name: 'setTimeout', message: 'The scheduler is pure: no timers.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'The scheduler takes `now` as input.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@breaker/api', '@breaker/api/*'],
              allowTypeImports: true,
              message: 'The web app imports only types from the server.',
            },
            { group: ['@breaker/api-contract/config'], message: 'Server configuration stays on the server.' },
            {
              group: [
                '@breaker/worker',
                '@breaker/worker/*',
                '@breaker/db',
                '@breaker/db/*',
                '@breaker/scheduler',
                '@breaker/scheduler/*',
                ...DATABASE_DRIVERS,
                'ioredis',
                'bullmq',
              ],
              message: 'The web app imports only @breaker/api-contract and server types.',
            },
            {
              group: ['**/apps/api/**', '**/apps/worker/**', '**/packages/db/**', '**/packages/scheduler/**'],
              message: 'No reaching into server code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/e2e/**/*.{ts,mjs}', 'apps/web/*.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
