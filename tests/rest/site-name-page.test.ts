/**
 * The page the server sends names the site as its admins set it (decision 043), over HTTP against
 * the real Bun server and its database: the built-in name by default; a name saved by another
 * process (written straight into the database here) within the cache's TTL; always escaped, in
 * the title, the application-name the client reads, and the login shell. The built page's
 * placeholders are checked with the real build in tests/scripts/first-load.test.ts. The e-mails
 * the site sends name it too, through a real SMTP peer.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SITE_NAME_TTL_MS } from "../../src/domains/site/site.service.ts";
import { NONCE_PLACEHOLDER, SITE_NAME_PLACEHOLDER } from "../../src/server/http/static.ts";
import { serverHarness } from "#support/harness.ts";
import { registrationBody } from "#support/server.ts";

// A client build of three placeholders is enough for what the server writes into it.
const clientDir = mkdtempSync(path.join(os.tmpdir(), "sideline-site-name-"));
writeFileSync(
  path.join(clientDir, "index.html"),
  `<!doctype html><meta name="application-name" content="${SITE_NAME_PLACEHOLDER}"><meta property="csp-nonce" content="${NONCE_PLACEHOLDER}">` +
    `<title>${SITE_NAME_PLACEHOLDER}</title><div id="login-shell"><h1>${SITE_NAME_PLACEHOLDER}</h1></div><div id="root"></div>`,
);
const h = serverHarness({ env: { CLIENT_DIR: clientDir } });

const setName = (name: string) =>
  h.db.run("insert into site_setting (key, value) values ('siteName', ?) on conflict (key) do update set value = excluded.value", name);
afterAll(async () => {
  await h.db?.run("delete from site_setting where key = 'siteName'");
  rmSync(clientDir, { recursive: true, force: true });
});

/** The login page until its title is `title` (the server's cache may still hold the old name). */
async function pageTitled(title: string) {
  const deadline = Date.now() + SITE_NAME_TTL_MS + 3_000;
  for (;;) {
    const page = await h.c.get("/");
    if (page.text.includes(`<title>${title}</title>`) || Date.now() > deadline) return page;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("the site's name in the page", () => {
  it("is the built-in one while no admin has set one", async () => {
    const page = await h.c.get("/");
    expect(page.status).toBe(200);
    expect(page.text).toContain('<meta name="application-name" content="Sideline">');
    expect(page.text).toContain('<title>Sideline</title><div id="login-shell"><h1>Sideline</h1>');
    expect(page.text).not.toContain(SITE_NAME_PLACEHOLDER);
    expect(page.text).not.toContain(NONCE_PLACEHOLDER);
  });

  it("follows a name another process saved, escaped everywhere, on every path of the app", async () => {
    await setName(`Harbour <b>"Rowing"</b> & Sons' $& $1`);
    const escaped = "Harbour &lt;b&gt;&quot;Rowing&quot;&lt;/b&gt; &amp; Sons&#39; $&amp; $1";
    const page = await pageTitled(escaped);
    expect(page.text).toContain(`<title>${escaped}</title>`);
    expect(page.text).toContain(`<meta name="application-name" content="${escaped}">`);
    expect(page.text).toContain(`<h1>${escaped}</h1>`);
    expect(page.text).not.toContain("<b>");
    for (const screen of ["/register", "/forgotpwd", "/home"]) expect((await h.c.get(screen)).text).toContain(`<title>${escaped}</title>`);
  });
});

describe("the site's name in its e-mails", () => {
  it("is in the subject, the heading and the sign-off of what the site mails, escaped in the HTML", async () => {
    await setName("Harbour & Rowing Club");
    await pageTitled("Harbour &amp; Rowing Club"); // this process's cached name has moved on
    const body = registrationBody();
    const registered = await h.c.post("/api/account/register", { body });
    expect(registered.text).toBe("NewEmail");
    const mail = await h.sink.waitForMail(body.email, { subject: "Confirm your Harbour & Rowing Club account" });
    expect(mail.text).toContain("Thanks for joining Harbour & Rowing Club.");
    expect(mail.text).toContain("— The Harbour & Rowing Club team");
    expect(mail.text).not.toContain("Sideline");
    expect(mail.html).toContain('<h1 style="font-size:20px;color:#1c7ed6">Harbour &amp; Rowing Club</h1>');
    expect(mail.html).not.toContain("Sideline");
  });
});
