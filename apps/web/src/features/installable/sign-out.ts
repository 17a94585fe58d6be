/**
 * Signing out of this browser, from the side navigation or from Settings: first forget what the user leaves here
 * (forget-this-device.ts, fetched on the press and in no screen's first download), then sign out whatever came of it.
 * Both buttons fetch it here, and it imports push-device.ts instead of fetching it: a module that one screen imports
 * and another fetches gives the bundler's runtime a file of its own on every screen (docs/decisions/005-web-bundle.md).
 */
export function signOutOfThisBrowser(signOut: () => void): void {
  void import('./forget-this-device').then(({ forgetThisDevice }) => forgetThisDevice()).finally(signOut);
}
