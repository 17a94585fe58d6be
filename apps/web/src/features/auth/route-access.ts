/** Who may see a route; the auth gate in the root route enforces it (spec §2). */
export type RouteAccess = 'signed-in' | 'signed-out' | 'anyone';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    access?: RouteAccess;
  }
}
