/**
 * The element that holds a page the server sends drawn (D85: the login page for a signed-out visitor; D101: 'my
 * service orders' for a signed-in one) until the console draws its own.
 */
export const SERVER_PAGE_ID = 'server-page';

/**
 * Called from the console's first commit, which is the layout's (a layout effect, before that frame is drawn), or an
 * error page's in its place: the server's copy of the page goes and the console's page shows in the same frame (the
 * copy's CSS hides #root while it is there). A copy that is not for this visitor is removed by public/server-page.js.
 */
export function removeServerPage(): void {
  document.getElementById(SERVER_PAGE_ID)?.remove();
}
