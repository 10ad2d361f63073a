// Runs before the first paint: a classic script in index.html's head, built on its own
// (scripts/build-client.ts; inline scripts are refused by the CSP). On the login page it shows
// index.html's static login shell (shell/login-shell-html.ts), so the page paints before the app's
// JavaScript has arrived. Kept to one line: it counts in the login page's JavaScript budget.
if (location.pathname == "/") document.documentElement.classList.add("login-shell");
