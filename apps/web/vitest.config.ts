import { defineConfig } from 'vitest/config';

/** Unit tests of the web app's pure logic; the Playwright specs in e2e/ run separately. */
export default defineConfig({
  resolve: { conditions: ['@breaker/source'] },
  ssr: { resolve: { conditions: ['@breaker/source'] } },
  test: { name: 'web', include: ['src/**/*.test.ts'], environment: 'node' },
});
