import { laterModule } from './later/later-module';
import { toastError } from './toast';

/**
 * The contract's message lists (1.2 KB gzip), for words a screen shows only after a press, such as a refusal's toast:
 * fetched then, so that a screen which otherwise needs none of them does not download them first.
 */
export const contractMessages = laterModule(() => import('@breaker/api-contract/messages'));

/** A press that needs a signed-in user, made without one: says so under the press's own title. */
export function toastNotSignedIn(title: string): void {
  void contractMessages.request().then(({ VALIDATION }) => toastError({ title, message: VALIDATION.userNotAuthenticated }));
}
