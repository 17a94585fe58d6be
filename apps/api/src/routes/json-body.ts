import type { FastifyInstance } from 'fastify';
import { assertJsonDepth } from './body-limits.js';

/**
 * An empty body sent as `application/json` is no body: browsers' `fetch` and generated clients send the header on
 * calls the spec makes without one (logout, refresh, sync). Anything else is parsed by Fastify's own parser, with
 * its guard against prototype poisoning, so malformed JSON stays a 400 that says what is wrong; JSON nested too deep
 * is refused before it is parsed.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    try {
      assertJsonDepth(text);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    parseJson(request, text, (error, value) => {
      if (!error) done(null, value);
      else done(Object.assign(new Error(`The request body is not valid JSON: ${error.message}`), { statusCode: 400 }));
    });
  });
}
