import { loggerOptions } from '@breaker/api-contract/config';
import { pino, type Logger } from 'pino';
import type { Config } from './env.js';

export function createLogger(config: Pick<Config, 'logLevel'>, service: string): Logger {
  return pino(loggerOptions(config, service));
}
