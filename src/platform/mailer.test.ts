/**
 * The outbox (no SMTP_URL): each message is a .eml file under the outbox folder, written in place
 * or through the I/O pool. The folder is made once; removed meanwhile, it is made again (the
 * failed write is retried) and no message is lost.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { silentLogger } from "./logger.ts";
import { createMailer } from "./mailer.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "sideline-mailer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const message = (to: string) => ({ to, subject: "Hello", text: "Plain words", html: "<p>Plain words</p>" });

describe.each([false, true])("outbox (written in place: %s)", (outboxSync) => {
  it("writes each message, and makes the folder again when it was removed", async () => {
    const outboxDir = path.join(dir, `out-${outboxSync}`);
    const mailer = createMailer({ from: "Sideline <no-reply@sideline.test>", outboxDir, log: silentLogger, outboxSync });
    mailer.send(message("first@example.test"));
    await mailer.flush();
    expect(readdirSync(outboxDir)).toHaveLength(1);
    rmSync(outboxDir, { recursive: true });
    mailer.send(message("second@example.test"));
    await mailer.flush();
    expect(existsSync(outboxDir)).toBe(true);
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toContain("second@example.test");
    expect(readFileSync(path.join(outboxDir, files[0]!), "utf8")).toContain("Plain words");
  });
});
