import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { autovacuumAdvice, autovacuumProblem } from './autovacuum.js';
import { openTestDatabase } from './testing.js';

describe('autovacuum', () => {
  it('says nothing when on, and names the setting to change otherwise', () => {
    expect(autovacuumAdvice('on')).toBeUndefined();
    for (const setting of ['off', undefined]) {
      expect(autovacuumAdvice(setting)).toMatch(/autovacuum is off.*ALTER SYSTEM SET autovacuum = on/);
    }
  });

  it("is read from the PostgreSQL server's own setting", async () => {
    const database = await openTestDatabase('postgres');
    try {
      const { rows } = await sql<{ autovacuum: string }>`show autovacuum`.execute(database.db);
      expect(await autovacuumProblem(database.db)).toBe(autovacuumAdvice(rows[0]!.autovacuum));
    } finally {
      await database.dispose();
    }
  });
});
