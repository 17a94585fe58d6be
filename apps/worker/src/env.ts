import { parseConfigOrExit, type Config } from '@breaker/api-contract/config';

/** The worker's only reader of `process.env`; a bad setting stops the process with one line saying which and why. */
export function loadConfig(): Config {
  return parseConfigOrExit(process.env);
}
