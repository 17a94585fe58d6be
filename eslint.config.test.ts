import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: import.meta.dirname });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the architecture, enforced by lint', () => {
  it('stops a package from importing an app', async () => {
    expect(
      await ruleIds("import { buildApp } from '@breaker/api/router';\nexport { buildApp };\n", 'packages/db/src/x.ts'),
    ).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('stops an app from importing another app, by name or by path', async () => {
    const rule = '@typescript-eslint/no-restricted-imports';
    expect(
      await ruleIds(
        "import { runPlaceBreaks } from '@breaker/worker/jobs';\nexport const r = runPlaceBreaks;\n",
        'apps/api/src/x.ts',
      ),
    ).toContain(rule);
    expect(
      await ruleIds("import { loadConfig } from '../../worker/src/env.js';\nexport const l = loadConfig;\n", 'apps/api/src/x.ts'),
    ).toContain(rule);
    expect(
      await ruleIds("import { buildApp } from '@breaker/api/app';\nexport const b = buildApp;\n", 'apps/worker/src/x.ts'),
    ).toContain(rule);
    expect(
      await ruleIds("import { runPlaceBreaks } from '@breaker/jobs';\nexport const r = runPlaceBreaks;\n", 'apps/api/src/x.ts'),
    ).toEqual([]);
  });

  it('keeps the fake providers out of shipped code', async () => {
    const code = "import { startFakeGoogle } from '@breaker/fakes/google';\nexport const s = startFakeGoogle;\n";
    expect(await ruleIds(code, 'apps/api/src/x.ts')).toContain('@typescript-eslint/no-restricted-imports');
    expect(await ruleIds(code, 'packages/jobs/src/x.ts')).toContain('@typescript-eslint/no-restricted-imports');
    expect(await ruleIds(code, 'apps/api/src/x.test.ts')).toEqual([]);
  });

  it('reads settings only in env modules', async () => {
    const code = "export const port = process.env['PORT'];\n";
    expect(await ruleIds(code, 'apps/api/src/routes/x.ts')).toContain('no-restricted-properties');
    expect(await ruleIds(code, 'packages/jobs/src/x.ts')).toContain('no-restricted-properties');
    expect(await ruleIds(code, 'apps/api/src/env.ts')).toEqual([]);
  });

  it('keeps the scheduler free of I/O, clocks and randomness', async () => {
    const file = 'packages/scheduler/src/x.ts';
    expect(await ruleIds("import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n", file)).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(await ruleIds("import { sql } from '@breaker/db';\nexport const q = sql;\n", file)).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(await ruleIds('export const t = Date.now();\n', file)).toContain('no-restricted-properties');
    expect(await ruleIds('export const r = Math.random();\n', file)).toContain('no-restricted-properties');
    expect(await ruleIds('export const d = new Date();\n', file)).toContain('no-restricted-syntax');
  });

  it('lets the web app import server types but not server code', async () => {
    const file = 'apps/web/src/x.ts';
    expect(await ruleIds("import type { AppRouter } from '@breaker/api/router';\nexport type R = AppRouter;\n", file)).toEqual(
      [],
    );
    expect(await ruleIds("import { appRouter } from '@breaker/api/router';\nexport const r = appRouter;\n", file)).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(await ruleIds("import { createDb } from '@breaker/db';\nexport const c = createDb;\n", file)).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(await ruleIds("import { VALIDATION } from '@breaker/api-contract';\nexport const v = VALIDATION;\n", file)).toEqual(
      [],
    );
  });

  it('keeps database drivers inside packages/db', async () => {
    expect(await ruleIds("import pg from 'pg';\nexport const p = pg;\n", 'packages/api-contract/src/x.ts')).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
  });
});
