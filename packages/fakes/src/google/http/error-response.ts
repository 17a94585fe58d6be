import { HttpErrorResponse } from '../../http/error-response.js';

/**
 * A response Google would send instead of a result. Handlers throw it from any depth; the server writes it as JSON.
 * It is also what the control surface throws when seed data would be refused by the real API.
 */
export class ErrorResponse extends HttpErrorResponse {
  constructor(status: number, body: unknown, headers: Readonly<Record<string, string>> = {}) {
    super('Google', status, body, headers);
    this.name = 'ErrorResponse';
  }
}
