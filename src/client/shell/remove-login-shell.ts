/**
 * Takes index.html's static login shell away (shell/login-shell-html.ts), once the app's own
 * screen is committed: called from a layout effect, so both never show in the same frame and the
 * page never shows nothing in between.
 */
export function removeLoginShell(): void {
  document.getElementById("login-shell")?.remove();
  document.documentElement.classList.remove("login-shell");
}
