import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.js';

describe('configuration', () => {
  it('applies the contract defaults', () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.appUrl.origin).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
    expect(config.allowDevLogin).toBe(false);
    expect(config.google).toBeUndefined();
    expect(config.trustProxy).toBe(false);
    expect(config.compressResponses).toBe(true);
    expect(config.workerMetrics).toEqual({ host: '127.0.0.1', port: 9464 });
  });

  it('reads an empty value as unset, as docker compose passes optional settings', () => {
    const config = parseConfig({ OPERATOR_TOKEN: '', GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '', TRUST_PROXY: '', PORT: '' });
    expect(config.operatorToken).toBeUndefined();
    expect(config.google).toBeUndefined();
    expect(config.trustProxy).toBe(false);
    expect(config.port).toBe(3000);
  });

  it('reads single sign-on only with its issuer, client id and secret together, https or on this machine', () => {
    const oidc = { OIDC_ISSUER: 'https://id.example.com/realms/staff', OIDC_CLIENT_ID: 'breaker', OIDC_CLIENT_SECRET: 's3cret' };
    expect(parseConfig({}).oidc).toBeUndefined();
    expect(parseConfig(oidc).oidc).toMatchObject({ clientId: 'breaker', clientSecret: 's3cret', name: 'Single sign-on' });
    expect(parseConfig({ ...oidc, OIDC_NAME: 'Acme staff login' }).oidc?.name).toBe('Acme staff login');
    expect(parseConfig({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:8080/realms/dev' }).oidc?.issuer.host).toBe('127.0.0.1:8080');
    expect(() => parseConfig({ ...oidc, OIDC_ISSUER: 'http://id.example.com' })).toThrow(/OIDC_ISSUER must be https/);
    expect(() => parseConfig({ ...oidc, OIDC_CLIENT_SECRET: '' })).toThrow(/OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/);
  });

  it('keeps password registration open unless told otherwise', () => {
    expect(parseConfig({}).allowRegistration).toBe(true);
    expect(parseConfig({ ALLOW_REGISTRATION: 'false' }).allowRegistration).toBe(false);
    expect(() => parseConfig({ ALLOW_REGISTRATION: 'no' })).toThrow(/ALLOW_REGISTRATION/);
  });

  it('turns response compression off only when told', () => {
    expect(parseConfig({ COMPRESS_RESPONSES: '' }).compressResponses).toBe(true);
    expect(parseConfig({ COMPRESS_RESPONSES: 'true' }).compressResponses).toBe(true);
    expect(parseConfig({ COMPRESS_RESPONSES: 'false' }).compressResponses).toBe(false);
    expect(parseConfig({ COMPRESS_RESPONSES: '0' }).compressResponses).toBe(false);
    expect(() => parseConfig({ COMPRESS_RESPONSES: 'off' })).toThrow(/COMPRESS_RESPONSES/);
  });

  it('reads where the worker serves its metrics', () => {
    expect(parseConfig({ WORKER_METRICS_PORT: '9500', WORKER_METRICS_HOST: '0.0.0.0' }).workerMetrics).toEqual({
      host: '0.0.0.0',
      port: 9500,
    });
    expect(() => parseConfig({ WORKER_METRICS_PORT: '70000' })).toThrow(/WORKER_METRICS_PORT/);
  });

  it('reads the job lock and the database pool size, 30 s and 10 connections unless set', () => {
    expect(parseConfig({})).toMatchObject({ jobLockMs: 30_000, databasePoolSize: 10 });
    expect(parseConfig({ JOB_LOCK_MS: '2000', DATABASE_POOL_SIZE: '4' })).toMatchObject({ jobLockMs: 2000, databasePoolSize: 4 });
    expect(() => parseConfig({ JOB_LOCK_MS: '10' })).toThrow(/JOB_LOCK_MS/);
    expect(() => parseConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('reads how many place-breaks jobs a worker runs at once, 8 unless set', () => {
    expect(parseConfig({})).toMatchObject({ workerConcurrency: 8 });
    expect(parseConfig({ WORKER_CONCURRENCY: '16' })).toMatchObject({ workerConcurrency: 16 });
    expect(() => parseConfig({ WORKER_CONCURRENCY: '0' })).toThrow(/WORKER_CONCURRENCY/);
  });

  it('reads how far the worker steps back from the CPU, niceness 10 unless set, within 0–19', () => {
    expect(parseConfig({})).toMatchObject({ workerNiceness: 10 });
    expect(parseConfig({ WORKER_NICENESS: '0' })).toMatchObject({ workerNiceness: 0 });
    expect(() => parseConfig({ WORKER_NICENESS: '20' })).toThrow(/WORKER_NICENESS/);
    expect(() => parseConfig({ WORKER_NICENESS: '-5' })).toThrow(/WORKER_NICENESS/);
  });

  it('refuses development sign-ins in production', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', ALLOW_DEV_LOGIN: 'true' })).toThrow(/ALLOW_DEV_LOGIN/);
    expect(parseConfig({ NODE_ENV: 'development', ALLOW_DEV_LOGIN: 'true' }).allowDevLogin).toBe(true);
  });

  it('refuses Redis without PostgreSQL, since the worker cannot share the embedded database', () => {
    expect(() => parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/DATABASE_URL/);
  });

  it('says what is wrong with a bad value', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ OPERATOR_TOKEN: 'short' })).toThrow(/OPERATOR_TOKEN/);
  });

  it('makes cookies secure for an https origin and reads proxy hop counts', () => {
    const config = parseConfig({ APP_URL: 'https://breaker.example.com', TRUST_PROXY: '1' });
    expect(config.secureCookies).toBe(true);
    expect(config.trustProxy).toBe(1);
  });
});
