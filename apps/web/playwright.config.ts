import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './e2e/support/chromium';
import { fakeNow, rerunUnderFakeClock } from './e2e/support/fake-clock';
import { E2E_OPERATOR_TOKEN, GOOGLE_SPECS, OIDC_SPECS, STACKS, stackDataDir } from './e2e/support/stacks';

// E2E_FAKE_NOW=<ISO instant>: the whole run (runner, stacks, Chromium) as if it were that instant (fake-clock.ts).
rerunUnderFakeClock();
// PostgreSQL and Redis keep the real clock, so a faked run has only the stacks whose database runs in the API.
const stacks = fakeNow() ? STACKS.filter(({ mode }) => mode !== 'postgres-redis') : STACKS;

export default defineConfig({
  testDir: 'e2e',
  // Two tests at a time: each signs up its own user and, on the embedded and postgres-redis stacks, talks from its own
  // loopback address (fixtures.ts), so tests of different files do not share state. While one waits on Chromium or a
  // server the other uses the second core (the machine has two). A file's tests still run in order in one worker
  // (fullyParallel is off), so a file may share set-up between its tests.
  workers: 2,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] },
    // Requests a service worker answers never reach Playwright's routing, which the specs use to make calls and
    // downloads fail: the worker is off except in the specs about it (installable-app.spec.ts turns it on).
    serviceWorkers: 'block',
  },
  // The Google and single-sign-on specs need the fake Google and the OpenID provider of the google stack; the others
  // run on the two stacks without them (auth-google-unconfigured.spec.ts depends on that).
  // The google stack's tests share one origin and one fake Google, Microsoft and OpenID provider, whose scripted
  // answers (deny the next authorization, hang the next request) apply to whichever test asks next: one at a time.
  // Workers take tests in the order of the projects: that one goes first, so its tests run beside the other stacks'
  // instead of alone at the end with the second worker idle.
  projects: [...stacks]
    .sort((a, b) => Number(b.mode === 'embedded-google') - Number(a.mode === 'embedded-google'))
    .map(({ name, mode, port }) => ({
      name,
      use: { baseURL: `http://127.0.0.1:${port}` },
      ...(mode === 'embedded-google'
        ? { testMatch: [...GOOGLE_SPECS, ...OIDC_SPECS], workers: 1 }
        : { testIgnore: [...GOOGLE_SPECS, ...OIDC_SPECS] }),
    })),
  webServer: stacks.map(({ mode, port }) => ({
    command: `node e2e/support/start-stack.mjs ${mode} ${port} ${stackDataDir(port)}`,
    url: `http://127.0.0.1:${port}/api/health`,
    env: { E2E_OPERATOR_TOKEN },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the stack script stop its children and drop its scratch database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  })),
});
