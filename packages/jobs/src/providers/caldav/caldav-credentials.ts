import { AppError } from '@breaker/api-contract';
import type { CalendarConnectionRow, TokenCipher } from '@breaker/db';
import type { CalDavCredentials } from './caldav-client.js';

export function sealCredentials(cipher: TokenCipher, credentials: CalDavCredentials): string {
  return cipher.seal(JSON.stringify(credentials));
}

export function openCredentials(cipher: TokenCipher, connection: CalendarConnectionRow): CalDavCredentials {
  if (!connection.credentials_encrypted) throw new AppError('NOT_FOUND', 'No CalDAV account is connected');
  return JSON.parse(cipher.open(connection.credentials_encrypted)) as CalDavCredentials;
}
