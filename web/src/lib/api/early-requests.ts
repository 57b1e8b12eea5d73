/**
 * Requests a page the server sends drawn asks for while the console's scripts load (D102): public/server-page.js sends
 * them from the page's `<meta name="onsite-early-requests">` and hands each answer, once, to the console's first
 * identical request (`window.onsiteEarlyRequests.take`). The matching lives in that script, so the console's initial
 * JavaScript carries only the call.
 */

/** One request as the server's page lists it: a POST to the api with a JSON body (web/build-server-pages.mjs). */
export interface EarlyRequestSpec {
  path: string;
  body: unknown;
  /**
   * What the server's page reads in the answer itself (D103): the user's profile and the list's two first pages tell
   * public/server-page.js whether to draw the list's empty state before the console comes.
   */
  kind?: 'profile' | 'list' | 'every-status';
}

/** What public/server-page.js leaves for the console when it sent a page's early requests. */
export interface EarlyRequests {
  /**
   * The answer to the request with this path, exact body text and session token, taken once; undefined when there is
   * none (another body, another token, already taken, or sent more than 10 s ago: later, the api is asked again).
   */
  take(path: string, bodyText: string, token: string): Promise<Response> | undefined;
}

declare global {
  interface Window {
    onsiteEarlyRequests?: EarlyRequests;
  }
}

/** The `<meta>` a server page lists its early requests in (read by public/server-page.js). */
export const EARLY_REQUESTS_META = 'onsite-early-requests';
/** Where public/server-page.js leaves them (checked by web/build-server-pages.mjs). */
export const EARLY_REQUESTS_GLOBAL = 'onsiteEarlyRequests';
