import { parseConfig, type Config } from '@breaker/api-contract/config';

export type { Config };

/** The API's only reader of `process.env`. */
export function loadConfig(): Config {
  return parseConfig(process.env);
}

/** Where the built web app lives: beside this app in the workspace, or where the image put it. */
export const WEB_DIST_DIR = new URL('../../web/dist/', import.meta.url).pathname;
