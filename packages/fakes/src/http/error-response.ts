/**
 * A response the real service would send instead of a result. Handlers throw it from any depth; the server writes it
 * as the service writes its errors (each fake's `sendError`).
 */
export class HttpErrorResponse extends Error {
  constructor(
    service: string,
    readonly status: number,
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`${service} would answer ${status}: ${JSON.stringify(body)}`);
    this.name = 'HttpErrorResponse';
  }
}
