import { openPreparedDatabase } from '@breaker/db';
import { loadConfig } from './env.js';
import { createLogger } from './logger.js';

/** The deployment's one-shot migration step: the same work the API does at start-up, then exit. */
const config = loadConfig();
const database = await openPreparedDatabase(config, createLogger(config, 'migrate'));
await database.close();
