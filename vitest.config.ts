import { defineConfig } from 'vitest/config';

/** One run for every package's tests; workspace packages resolve to their TypeScript sources. */
export default defineConfig({
  resolve: { conditions: ['@breaker/source'] },
  ssr: { resolve: { conditions: ['@breaker/source'] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: ['packages/api-contract', 'packages/db', 'packages/scheduler', 'apps/api', 'apps/worker', '.'].map((root) => ({
      extends: true,
      test: {
        name: root === '.' ? 'workspace' : (root.split('/')[1] ?? root),
        root,
        include: root === '.' ? ['*.test.ts'] : ['src/**/*.test.ts'],
      },
    })),
  },
});
