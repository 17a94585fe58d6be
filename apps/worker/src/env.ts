import { parseConfig, type Config } from '@breaker/api-contract/config';

/** The worker's only reader of `process.env`. */
export function loadConfig(): Config {
  return parseConfig(process.env);
}
