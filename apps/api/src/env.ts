import { parseConfigOrExit, type Config } from '@breaker/api-contract/config';

export type { Config };

/** The API's only reader of `process.env`; a bad setting stops the process with one line saying which and why. */
export function loadConfig(): Config {
  return parseConfigOrExit(process.env);
}

/** Where the built web app lives: beside this app in the workspace, or where the image put it. */
export const WEB_DIST_DIR = new URL('../../web/dist/', import.meta.url).pathname;
