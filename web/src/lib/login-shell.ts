/** The element of the server's login page (D85) that holds the page until the console draws it. */
export const LOGIN_SHELL_ID = 'login-shell';

/**
 * Called from the login page's first commit, which is the layout's (a layout effect, before that frame is drawn), or
 * an error page's in its place: the server's copy of the page goes and the console's page shows in the same frame (the
 * copy's CSS hides #root while it is there). A signed-in visitor's copy is removed by public/login-shell.js.
 */
export function removeLoginShell(): void {
  document.getElementById(LOGIN_SHELL_ID)?.remove();
}
