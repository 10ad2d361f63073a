/**
 * Size budgets of the first load (issue 12): what a first visit to the login page downloads, from a
 * real production build. Sizes, not timings: the same build always gives the same bytes.
 * KB here is 1,024 bytes (as in the figures); gzip is level 9, as the build precompresses.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { afterAll, describe, expect, it } from "vitest";
import { firstLoadFiles, sizes } from "../../scripts/client-first-load.ts";
import { SITE_NAME_PLACEHOLDER } from "../../src/server/http/static.ts";
import { texts } from "../../src/shared/texts.ts";
import { buildClientInto } from "#support/client-build.ts";

const KB = 1024;
const LOGIN_JS_GZIP_BUDGET = 160 * KB;
const CSS_GZIP_BUDGET = 30 * KB;

const client = buildClientInto();
afterAll(() => client.remove());

describe("first load of the login page", () => {
  it(`stays within ${LOGIN_JS_GZIP_BUDGET / KB} KB of JavaScript and ${CSS_GZIP_BUDGET / KB} KB of CSS, gzip`, () => {
    const files = firstLoadFiles(client.dir, "login");
    const js = sizes(client.dir, files.js);
    const css = sizes(client.dir, files.css);
    const report = `login: JS ${(js.gzip / KB).toFixed(1)} KB gzip in ${files.js.length} files, CSS ${(css.gzip / KB).toFixed(1)} KB gzip`;
    expect(js.gzip, report).toBeLessThanOrEqual(LOGIN_JS_GZIP_BUDGET);
    expect(css.gzip, report).toBeLessThanOrEqual(CSS_GZIP_BUDGET);
    expect(files.css).toHaveLength(1);
  });

  it("leaves the member area out", () => {
    const { js } = firstLoadFiles(client.dir, "login");
    const home = firstLoadFiles(client.dir, "home").js.filter((file) => !js.includes(file));
    // The member layout and the home screen are chunks of their own, loaded only after sign-in.
    expect(home.some((file) => file.includes("_member.lazy"))).toBe(true);
    expect(home.some((file) => file.includes("home.lazy"))).toBe(true);
  });
});

describe("the build", () => {
  it("writes brotli and gzip copies of every script and stylesheet", () => {
    const assets = readdirSync(path.join(client.dir, "assets")).filter((f) => /\.(?:js|css)$/.test(f));
    expect(assets.length).toBeGreaterThan(10);
    const missing = assets.filter(
      (f) => !existsSync(path.join(client.dir, "assets", `${f}.br`)) || !existsSync(path.join(client.dir, "assets", `${f}.gz`)),
    );
    // Only files too small to gain from compression (gzip alone adds 18 bytes) may go without.
    for (const f of missing) expect(sizes(client.dir, [`assets/${f}`]).raw, f).toBeLessThan(256);
  });
});

describe("what paints before the JavaScript (decision 019)", () => {
  const html = () => readFileSync(path.join(client.dir, "index.html"), "utf8");
  const bootFile = () => html().match(/<script src="\/(assets\/boot-[\w-]+\.js)"><\/script>/)?.[1];

  /** Runs the built boot script as the browser would on `pathname`: does it show the login shell? */
  function showsShell(pathname: string): boolean {
    const classes = new Set<string>();
    vm.runInNewContext(readFileSync(path.join(client.dir, bootFile()!), "utf8"), {
      document: { documentElement: { classList: { add: (c: string) => classes.add(c) } } },
      location: { pathname },
    });
    return classes.has("login-shell");
  }

  it("loads the boot script before the stylesheet, and keeps it tiny", () => {
    const page = html();
    expect(bootFile()).toBeDefined();
    expect(page.indexOf(bootFile()!)).toBeLessThan(page.indexOf('rel="stylesheet"'));
    expect(sizes(client.dir, [bootFile()!]).gzip).toBeLessThan(200);
  });

  it("shows the login shell on / only", () => {
    expect(showsShell("/")).toBe(true);
    for (const other of ["/home", "/register", "/errors", "/unsubscribe"]) expect(showsShell(other), other).toBe(false);
  });

  it("writes the login shell with the catalogue's texts, hidden from assistive technology, styled under the CSP nonce", () => {
    const shell = html().match(/<div id="login-shell"[^>]*>[\s\S]*?<\/template><\/div>/)?.[0] ?? "";
    expect(shell).toMatch(/aria-hidden="true" inert><template shadowrootmode="closed"><style nonce="__CSP_NONCE__">/);
    for (const text of [texts.appTagline, texts.login, texts.email, texts.password, texts.forgotPassword, texts.footerText])
      expect(shell).toContain(text);
    // The product's name is the site's, which the server writes in (decision 043).
    expect(shell).toContain(`<h1>${SITE_NAME_PLACEHOLDER}</h1>`);
    expect(shell).toContain(texts.noAccountYet.replace(texts.appName, SITE_NAME_PLACEHOLDER));
    expect(shell).not.toContain(texts.appName);
    // No inline style attributes (the CSP refuses them) and no script.
    expect(shell).not.toMatch(/\sstyle=|<script/);
    expect(html().indexOf("login-shell")).toBeLessThan(html().indexOf('<div id="root"></div>'));
  });

  it("leaves the site's name to the server in the title and the application-name the client reads", () => {
    expect(html()).toContain(`<title>${SITE_NAME_PLACEHOLDER}</title>`);
    expect(html()).toMatch(new RegExp(`<meta name="application-name" content="${SITE_NAME_PLACEHOLDER}"\\s*/?>`));
  });
});
