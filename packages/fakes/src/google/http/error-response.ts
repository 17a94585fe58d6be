/**
 * A response Google would send instead of a result. Handlers throw it from any depth; the server writes it as JSON.
 * It is also what the control surface throws when seed data would be refused by the real API.
 */
export class ErrorResponse extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`Google would answer ${status}: ${JSON.stringify(body)}`);
    this.name = 'ErrorResponse';
  }
}
