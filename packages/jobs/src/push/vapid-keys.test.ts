import { parseConfig } from '@breaker/api-contract/config';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deviceLabel } from './device-label.js';
import { loadVapidKeys } from './vapid-keys.js';
import { testVapidKeys } from '../testing.js';

describe('VAPID keys', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'breaker-vapid-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('are generated once into DATA_DIR/keys, readable by this user only, and the same on every load', () => {
    const config = parseConfig({ DATA_DIR: dataDir });
    const first = loadVapidKeys(config);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(loadVapidKeys(config)).toEqual(first);
    expect(statSync(join(dataDir, 'keys', 'vapid.json')).mode & 0o777).toBe(0o600);
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, as a matching pair only', () => {
    const pair = testVapidKeys();
    const config = parseConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    expect(loadVapidKeys(config)).toEqual(pair);
    const other = testVapidKeys();
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: other.privateKey })).toThrow(
      /not the public key of VAPID_PRIVATE_KEY/,
    );
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/both/);
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/65 bytes/);
  });

  it('sign with PUSH_CONTACT, APP_URL when it is https, or mailto:push@localhost', () => {
    expect(parseConfig({}).push.contact).toBe('mailto:push@localhost');
    expect(parseConfig({ APP_URL: 'https://breaks.example.org' }).push.contact).toBe('https://breaks.example.org');
    expect(parseConfig({ PUSH_CONTACT: 'mailto:ops@example.org' }).push.contact).toBe('mailto:ops@example.org');
    expect(() => parseConfig({ PUSH_CONTACT: 'http://example.org' })).toThrow(/PUSH_CONTACT/);
  });
});

describe('device labels', () => {
  it('name the browser and the system from the User-Agent', () => {
    const cases: [string | undefined, string][] = [
      ['Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', 'Firefox on Android'],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        'Edge on Windows',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
        'Safari on iOS',
      ],
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'Chrome on Linux',
      ],
      [undefined, 'Unknown device'],
    ];
    for (const [agent, label] of cases) expect(deviceLabel(agent)).toBe(label);
  });
});
