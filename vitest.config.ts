import { defineConfig } from 'vitest/config';

const serverRoots = [
  'packages/api-contract',
  'packages/db',
  'packages/scheduler',
  'packages/jobs',
  'packages/fakes',
  'apps/api',
  'apps/worker',
];

/** One run for every package's tests; workspace packages resolve to their TypeScript sources. */
export default defineConfig({
  resolve: { conditions: ['@breaker/source'] },
  ssr: { resolve: { conditions: ['@breaker/source'] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      ...serverRoots.map((root) => ({
        extends: true,
        test: { name: root.split('/')[1] ?? root, root, include: ['src/**/*.test.ts'] },
      })),
      { extends: true, test: { name: 'workspace', root: '.', include: ['*.test.ts', 'bench/*.test.ts'] } },
      'apps/web',
    ],
  },
});
