import { pino, type Logger } from 'pino';
import type { Config } from './env.js';

/** Secrets never reach the logs: cookies, authorization headers and anything named like a token or password. */
export function createLogger(config: Pick<Config, 'logLevel'>, service: string): Logger {
  return pino({
    level: config.logLevel,
    base: { service },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.refreshToken',
      ],
      censor: '[redacted]',
    },
  });
}
