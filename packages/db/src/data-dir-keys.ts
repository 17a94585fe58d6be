import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A key kept in `$DATA_DIR/keys/<name>` (readable by this user only), made by `create` the first time, so a
 * single-machine install needs no setup. Processes starting side by side get the same key: the file appears whole or
 * not at all (written aside, then linked into place, which fails for all but the first).
 */
export function readOrCreateKeyFile(dataDir: string, name: string, create: () => string): string {
  const dir = join(dataDir, 'keys');
  const file = join(dir, name);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const draft = join(dir, `.${name}.${process.pid}.${Date.now()}`);
    writeFileSync(draft, create(), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}
