import { route, type Route } from '../../http/router.js';
import type { FakeState } from '../fake-state.js';
import { sendJson } from '../http/respond.js';
import { caller, GRAPH_VERSION } from './graph-request.js';

/** `GET /v1.0/me` with its default property set (graph.user-get.md); any delegated Graph scope reads it. */
export function meRoutes(state: FakeState): Route[] {
  return [
    route('GET', `${GRAPH_VERSION}/me`, (exchange) => {
      const { profile } = caller(state, exchange, ['User.Read', 'Calendars.Read', 'Calendars.ReadWrite']);
      sendJson(exchange.response, 200, {
        '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#users/$entity',
        businessPhones: [],
        displayName: profile.displayName,
        givenName: profile.givenName ?? null,
        jobTitle: null,
        mail: profile.mail ?? null,
        mobilePhone: null,
        officeLocation: null,
        preferredLanguage: null,
        surname: profile.surname ?? null,
        userPrincipalName: profile.userPrincipalName,
        id: profile.oid,
      });
    }),
  ];
}
