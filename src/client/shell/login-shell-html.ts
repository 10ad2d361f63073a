import { escapeHtml } from "../../shared/html.ts";
import { texts } from "../../shared/texts.ts";

/**
 * The login page as static HTML, written into index.html by the build (scripts/build-client.ts)
 * beside the React root, so the page paints as soon as the HTML and the stylesheet have arrived
 * instead of after the app's JavaScript: same texts (from the catalogue), same frame as AuthFrame
 * and the login form. It shows only on `/` (shell/boot.js), until the app has rendered its own
 * screen (shell/login-shell.css).
 *
 * Its content is in a closed declarative shadow root: it paints like any HTML, but stays out of
 * the page's text and the accessibility tree (aria-hidden, inert), so nothing finds the login
 * form twice while both are present; the styles it needs are inside it (the CSP nonce of the
 * page's styles is written in by the server, as for Mantine's style tags; so is the site's name).
 */
export function loginShellHtml(nonce: string, siteName: string): string {
  // The product's name in a text is the site's (decision 043): the server writes it for `siteName`.
  const t = (key: keyof typeof texts) => escapeHtml(texts[key]).replaceAll(texts.appName, siteName);
  return (
    `<div id="login-shell" aria-hidden="true" inert><template shadowrootmode="closed">` +
    `<style nonce="${nonce}">${SHELL_CSS}</style>` +
    `<div class="page"><div class="top"><span class="toggle"></span></div>` +
    `<div class="center"><div class="box">` +
    `<div class="head"><h1>${siteName}</h1><p class="dimmed">${t("appTagline")}</p></div>` +
    `<div class="card"><h2>${t("login")}</h2><div class="form">` +
    `<div><div class="label">${t("email")} <span class="req">*</span></div><div class="input"></div></div>` +
    `<div><div class="label">${t("password")} <span class="req">*</span></div><div class="input"></div></div>` +
    `<div class="button filled">${t("login")}</div>` +
    `<div class="row"><span class="link">${t("forgotPassword")}</span><span>${t("noAccountYet")} <span class="link">${t("signUp")}</span></span></div>` +
    `<div class="divider"><span>${t("comingSoon")}</span></div>` +
    `<div class="badges"><div class="button">App Store</div><div class="button">Google Play</div></div>` +
    `</div></div></div></div>` +
    `<div class="footer"><span class="dimmed">${t("footerText")}</span><span class="link">${t("about")}</span></div>` +
    `</div></template></div>`
  );
}

// Mantine's measures for AuthFrame and the form (sizes sm, radius md, card padding lg) and the
// colours theme.css gives them (dark: sideline 3 for the primary text), light or dark as the system
// prefers (Mantine's default scheme, "auto"); the palette's variables come from Mantine's stylesheet
// and inherit into the shadow root.
const SHELL_CSS = `
:host{display:block}
*{box-sizing:border-box}
.page{--bg:#fff;--text:#000;--card:#fff;--card-border:var(--mantine-color-gray-3);--border:var(--mantine-color-gray-4);--dimmed:var(--mantine-color-gray-7);--primary:#055dd9;--disabled:var(--mantine-color-gray-2);--disabled-text:var(--mantine-color-gray-5);
min-height:100vh;display:flex;flex-direction:column;justify-content:space-between;background:var(--bg);color:var(--text);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;font-size:16px;line-height:1.55}
@media (prefers-color-scheme:dark){.page{--bg:var(--mantine-color-dark-7);--text:var(--mantine-color-dark-0);--card:var(--mantine-color-dark-6);--card-border:var(--mantine-color-dark-4);--border:var(--mantine-color-dark-4);--dimmed:var(--mantine-color-dark-1);--primary:#6da4f7;--disabled:var(--mantine-color-dark-5);--disabled-text:var(--mantine-color-dark-2)}}
.top{display:flex;justify-content:flex-end;padding:12px}
.toggle{width:34px;height:34px}
.center{flex:1;display:flex;align-items:center;justify-content:center;padding:0 16px}
.box{width:100%;max-width:460px}
.head{display:flex;flex-direction:column;align-items:center;gap:4px;margin-bottom:20px}
h1{margin:0;font-size:36px;line-height:1.3;font-weight:700;color:var(--primary)}
p{margin:0;text-align:center}
.dimmed{color:var(--dimmed);font-size:14px;line-height:1.45}
.card{background:var(--card);border:1px solid var(--card-border);border-radius:8px;padding:20px;box-shadow:var(--mantine-shadow-sm)}
h2{margin:0 0 16px;font-size:22px;line-height:1.4;font-weight:700}
.form{display:flex;flex-direction:column;gap:16px}
.label{font-size:14px;font-weight:600;line-height:1.55;margin-bottom:2px}
.req{color:var(--mantine-color-red-6)}
.input{height:36px;border:1px solid var(--border);border-radius:8px;background:var(--card)}
.button{display:flex;align-items:center;justify-content:center;height:36px;padding:0 18px;border-radius:8px;font-size:14px;font-weight:600;border:1px solid var(--border)}
.filled{border:0;background:var(--disabled);color:var(--disabled-text)}
.row{display:flex;justify-content:space-between;flex-wrap:wrap;gap:16px;font-size:14px}
.link{color:var(--primary)}
.divider{display:flex;align-items:center;gap:8px;font-size:12px;color:var(--dimmed)}
.divider::before,.divider::after{content:"";flex:1;border-top:1px solid var(--border)}
.badges{display:flex;justify-content:center;gap:12px}
.badges .button{padding-left:40px}
.footer{display:flex;flex-wrap:wrap;justify-content:center;gap:16px;padding:16px 12px;font-size:14px;text-align:center}
`.replace(/\n/g, "");
