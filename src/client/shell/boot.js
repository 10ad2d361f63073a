// Runs before the first paint: a classic script in index.html's head, built on its own
// (scripts/build-client.ts; inline scripts are refused by the CSP). It sets the colour scheme
// Mantine will use, as Mantine's ColorSchemeScript does (the key is theme.ts's COLOR_SCHEME_KEY),
// and on the login page it shows index.html's static login shell (shell/login-shell-html.ts), so
// the page paints before the app's JavaScript has arrived.
var html = document.documentElement;
var stored;
try {
  stored = localStorage.getItem("sideline-color-scheme");
} catch (e) {}
html.setAttribute("data-mantine-color-scheme", stored == "dark" || (stored != "light" && matchMedia("(prefers-color-scheme:dark)").matches) ? "dark" : "light");
if (location.pathname == "/") html.classList.add("login-shell");
