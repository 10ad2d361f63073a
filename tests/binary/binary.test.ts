/**
 * The one-file binary (decision 033): `npm run build:binary`'s executable, built into a temporary
 * folder and run from another one that holds no project file, with nothing but a data directory:
 * it migrates a fresh database, seeds, serves the login page with its assets, signs a member in
 * (argon2) and resizes an uploaded picture (sharp), each from what is inside the executable.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { texts } from "../../src/shared/texts.ts";
import { freePort } from "#support/ports.ts";
import { ROOT } from "#support/server.ts";

const BUN = path.join(ROOT, "node_modules/.bin/bun");
const work = mkdtempSync(path.join(os.tmpdir(), "sideline-binary-test-"));
const binary = path.join(work, "bin", "sideline");
/** The working directory of every run: empty but for what the binary writes. */
const elsewhere = path.join(work, "elsewhere");

/** The environment of a run: no project setting of the caller's (CLIENT_DIR, DATA_DIR ...). */
function runEnv(extra: Record<string, string> = {}): Record<string, string> {
  const keep = ["PATH", "HOME", "TMPDIR", "LANG", "TZ"];
  return { ...Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : []))), ...extra };
}

const run = (args: string[], extra: Record<string, string> = {}) =>
  execFileSync(binary, args, { cwd: elsewhere, env: runEnv(extra), encoding: "utf8", stdio: "pipe", timeout: 120_000 });

beforeAll(() => {
  mkdirSync(elsewhere);
  execFileSync(BUN, ["scripts/build-binary.ts", "--outfile", binary], { cwd: ROOT, stdio: "pipe", timeout: 600_000 });
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the one-file binary", () => {
  it("lists its commands with --help", () => {
    const help = run(["--help"]);
    for (const command of ["serve", "migrate", "seed", "backup", "restore", "--help"])
      expect(help).toMatch(new RegExp(`^  ${command}\\b`, "m"));
  });

  it("refuses an unknown command with the list and exit code 2", () => {
    let status: number | null = null;
    let stderr = "";
    try {
      run(["serv"]);
    } catch (error) {
      ({ status, stderr } = error as { status: number; stderr: string });
    }
    expect(status).toBe(2);
    expect(stderr).toMatch(/Unknown command "serv"/);
    expect(stderr).toMatch(/^ {2}migrate\b/m);
  });

  it("migrates a fresh database in ./data of the working directory, reference lists included", () => {
    const out = run(["migrate"]);
    const migrationFiles = readdirSync(path.join(ROOT, "migrations")).filter((f) => f.endsWith(".ts"));
    expect(out).toMatch(/^applied: /);
    const db = new Database(path.join(elsewhere, "data", "sideline.db"), { readonly: true });
    try {
      const applied = db.prepare("select name from kysely_migration order by name").pluck().all();
      expect(applied).toEqual(migrationFiles.map((f) => f.replace(/\.ts$/, "")).sort());
      // The colleges and high schools come from migrations/data, embedded in the binary.
      expect(db.prepare("select count(*) from school").pluck().get()).toBeGreaterThan(1000);
    } finally {
      db.close();
    }
    expect(run(["migrate"])).toMatch(/the database is up to date/);
  });

  describe("serve, on a data directory of its own", () => {
    const dataDir = path.join(work, "served-data");
    let server: ChildProcess;
    let output = "";
    let baseUrl = "";

    beforeAll(async () => {
      // Demo members first, by the binary's seed command.
      expect(run(["seed"], { DATA_DIR: dataDir })).toMatch(/20 demo members added/);
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      server = spawn(binary, [], {
        cwd: elsewhere,
        env: runEnv({ DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", RATE_LIMITS: "off" }),
        stdio: ["ignore", "pipe", "pipe"],
      });
      server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
      server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const deadline = Date.now() + 30_000;
      for (;;) {
        const ok = await fetch(`${baseUrl}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the binary did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }, 120_000);

    afterAll(async () => {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGKILL");
        await exited;
      }
    });

    it("answers /api/health", async () => {
      const res = await fetch(`${baseUrl}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok" });
    });

    it("serves the login page and the scripts it references", async () => {
      const res = await fetch(`${baseUrl}/`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      const html = await res.text();
      expect(html).toContain('id="login-shell"');
      expect(html).toContain(texts.forgotPassword);
      const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        const asset = await fetch(`${baseUrl}${script}`);
        expect(asset.status, script).toBe(200);
        expect(asset.headers.get("content-type"), script).toMatch(/javascript/);
        expect((await asset.text()).length, script).toBeGreaterThan(0);
      }
      expect((await fetch(`${baseUrl}/images/default.png`)).status).toBe(200);
    });

    it("signs a seeded member in and stores a resized picture", async () => {
      const login = await fetch(`${baseUrl}/api/account/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "maya.okafor@demo.sideline.local", password: "sideline" }),
      });
      expect(login.status).toBe(200);
      const { accessToken, memberID } = (await login.json()) as { accessToken: string; memberID: string };
      const form = new FormData();
      form.set("image", new Blob([readFileSync(path.join(ROOT, "public/images/default.png"))], { type: "image/png" }), "me.png");
      const upload = await fetch(`${baseUrl}/api/member/UploadProfilePhoto/${memberID}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${accessToken}` },
        body: form,
      });
      expect(upload.status, output).toBe(200);
      const { picturePath } = (await upload.json()) as { picturePath: string };
      expect(picturePath).toMatch(/^\/uploads\/photos\/.+\.webp$/);
      const picture = await fetch(`${baseUrl}${picturePath}`);
      expect(picture.status).toBe(200);
      expect(picture.headers.get("content-type")).toBe("image/webp");
    });

    it("stops cleanly on SIGTERM, having logged no error", async () => {
      const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
      server.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(output).toMatch(/Sideline is listening on/);
      expect(output).not.toMatch(/ERROR|Cannot find module/);
      expect(output).toContain(`data in ${dataDir}`);
    });
  });
});
