/** The element of the server's login page (D85) that holds the page until the console draws it. */
export const LOGIN_SHELL_ID = 'login-shell';

/**
 * Called from the layout's first commit (a layout effect, before that frame is drawn): the server's copy of the page
 * goes and the console's own page shows in the same frame (the shell's CSS hides #root while the copy is there).
 */
export function removeLoginShell(): void {
  document.getElementById(LOGIN_SHELL_ID)?.remove();
}
