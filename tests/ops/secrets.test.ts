/**
 * Secrets (issue 11, proof suite "Secrets"): after realistic journeys over the real server, with
 * LOG_LEVEL=debug, no password, confirmation / reset / e-mail-change code, session token, security
 * answer or API key appears in the server's output, nor in any answer the clients received, except
 * the one answer that legitimately issues it (the login result carries its accessToken, the
 * Set-Cookie of a web sign-in its session). No e-mail carries a password, token or API key (the
 * codes travel by e-mail: that is their channel).
 *
 * Mail goes to a real SMTP peer (SMTP_URL), so the outbox mode's console link (the documented
 * exception: without SMTP_URL the server prints each e-mail's link, code included, for a local run)
 * does not apply, and any code in the output is a leak.
 *
 * Two clients: Ann uses the legacy REST service (bearer tokens; passwords and codes in the query
 * where the original client put them), Ben the web client's tRPC procedures (session cookie).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MailSink, registrationCodeOf, resetCodeOf, startMailSink } from "#support/mail-sink.ts";
import {
  api,
  type ApiResponse,
  bearer,
  cookiesOf,
  qs,
  registrationBody,
  type RunningServer,
  startServer,
  uniqueEmail,
} from "#support/server.ts";

const YOUTUBE_API_KEY = `yt-key-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
const ASSISTANT_API_KEY = `sk-assistant-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;

let sink: MailSink;
let server: RunningServer;
let standIn: Server;
let assistantFails = false;

/** One stand-in for both providers: YouTube under /yt (its error echoes the key), the assistant under /v1. */
function provider(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://stand-in");
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  req.resume();
  req.on("end", () => {
    if (url.pathname === "/yt/playlists") {
      return send(200, { items: [{ id: "PLsecrets", snippet: { title: "Season", description: "Goals", thumbnails: {} } }] });
    }
    if (url.pathname === "/yt/playlistItems") {
      // As some proxies do: the error names the key it refused.
      return send(403, {
        error: {
          errors: [{ reason: `keyInvalid: ${url.searchParams.get("key")}` }],
          status: `PERMISSION_DENIED ${url.searchParams.get("key")}`,
        },
      });
    }
    if (url.pathname === "/v1/chat/completions") {
      if (assistantFails) return send(401, { error: { message: `Incorrect API key provided: ${req.headers.authorization}` } });
      return send(200, { choices: [{ message: { role: "assistant", content: "Well played." } }] });
    }
    send(404, {});
  });
}

beforeAll(async () => {
  sink = await startMailSink();
  standIn = createServer(provider);
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  server = await startServer({
    smtpUrl: sink.url,
    env: {
      LOG_LEVEL: "debug",
      YOUTUBE_API_KEY,
      YOUTUBE_API_BASE_URL: `${base}/yt`,
      ASSISTANT_BASE_URL: `${base}/v1`,
      ASSISTANT_API_KEY,
      ASSISTANT_MODEL: "stand-in",
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
  standIn?.closeAllConnections();
  await new Promise<void>((resolve) => (standIn ? standIn.close(() => resolve()) : resolve()));
});

// ---------------------------------------------------------------------------------------------
// Every answer the clients get is kept (status, headers with every Set-Cookie, body), by label.

interface Seen {
  label: string;
  text: string;
}
const answers: Seen[] = [];

function keep(label: string, res: ApiResponse): ApiResponse {
  const headers = [...res.headers].map(([k, v]) => `${k}: ${v}`).concat(res.headers.getSetCookie().map((c) => `set-cookie: ${c}`));
  answers.push({ label, text: `${res.status}\n${headers.join("\n")}\n\n${res.text}` });
  return res;
}

/** The legacy client (Ann): bearer token, JSON bodies. */
function rest(label: string, method: string, path: string, token?: string, body?: unknown) {
  return api(server.baseUrl)
    .request(method, path, { headers: token ? bearer(token) : {}, body })
    .then((r) => keep(label, r));
}

/** The web client (Ben): tRPC with a cookie jar, from the site's origin. */
function browser() {
  const jar: Record<string, string> = {};
  const headers = () => ({
    Origin: server.baseUrl,
    ...(Object.keys(jar).length
      ? {
          Cookie: Object.entries(jar)
            .map(([k, v]) => `${k}=${v}`)
            .join("; "),
        }
      : {}),
  });
  const take = (label: string, res: ApiResponse) => {
    keep(label, res);
    for (const [name, value] of Object.entries(cookiesOf(res.headers))) {
      if (value) jar[name] = value;
      else delete jar[name];
    }
    return res;
  };
  return {
    jar,
    mutation: async (label: string, proc: string, input?: unknown) =>
      take(
        label,
        await api(server.baseUrl).post(`/trpc/${proc}`, {
          headers: { ...headers(), "Content-Type": "application/json" },
          rawBody: input === undefined ? undefined : JSON.stringify(input),
        }),
      ),
    query: async (label: string, proc: string, input?: unknown) =>
      take(
        label,
        await api(server.baseUrl).get(`/trpc/${proc}${input === undefined ? "" : qs({ input: JSON.stringify(input) })}`, {
          headers: headers(),
        }),
      ),
  };
}

// ---------------------------------------------------------------------------------------------
// The secrets, each with the one answer allowed to carry it (none for most).

interface Secret {
  name: string;
  value: string;
  /** The label of the answer that issues it. */
  issuedBy?: string;
  /** A code: e-mail is its channel. */
  mailed?: boolean;
}
const secrets: Secret[] = [
  { name: "YOUTUBE_API_KEY", value: YOUTUBE_API_KEY },
  { name: "ASSISTANT_API_KEY", value: ASSISTANT_API_KEY },
];
const secret = (name: string, value: string, more: Omit<Secret, "name" | "value"> = {}) => {
  expect(value, name).toMatch(/^\S{8,}$/);
  secrets.push({ name, value, ...more });
  return value;
};
const password = (name: string) => secret(name, `Pw-${Math.random().toString(36).slice(2, 12)}-${Math.random().toString(36).slice(2, 8)}`);
const tokenOf = (res: ApiResponse) => res.json?.accessToken as string;

describe("secrets stay out of logs and answers", () => {
  it(
    "after registration, sign-in, resets, e-mail and password changes, posts, messages, videos, the assistant and sign-out",
    { timeout: 60_000 },
    async () => {
      // ---- Ann registers and confirms over REST.
      const annPw1 = password("Ann's first password");
      const ann = registrationBody({ password: annPw1, firstName: "Ann" });
      expect((await rest("ann register", "POST", "/api/account/register", undefined, ann)).text).toBe("NewEmail");
      const annCode = secret("Ann's confirmation code", registrationCodeOf((await sink.waitForMail(ann.email)).text).code, {
        mailed: true,
      });
      await rest("ann validate code", "GET", `/api/member/ValidateNewRegisteredUser${qs({ email: ann.email, code: annCode })}`);
      const confirmed = await rest("ann confirm", "POST", "/api/account/loginNewRegisteredUser", undefined, {
        email: ann.email,
        code: annCode,
      });
      const annId = Number(confirmed.json.memberID);
      let annToken = secret("Ann's token at confirmation", tokenOf(confirmed), { issuedBy: "ann confirm" });

      // A legacy client reports an error on the complete-register page, with its whole address.
      await rest("ann client log", "POST", "/api/common/logs", annToken, {
        message: "TypeError: x is undefined",
        url: `${server.baseUrl}/complete-register?email=${encodeURIComponent(ann.email)}&code=${annCode}`,
      });

      // ---- Ben registers and confirms with the web client.
      const ben = browser();
      const benPw1 = password("Ben's first password");
      const benReg = registrationBody({ password: benPw1, firstName: "Ben" });
      expect((await ben.mutation("ben register", "account.register", benReg)).json.result.data).toEqual({ result: "NewEmail" });
      const benCode = secret("Ben's confirmation code", registrationCodeOf((await sink.waitForMail(benReg.email)).text).code, {
        mailed: true,
      });
      expect(
        (await ben.query("ben check code", "account.checkRegistrationCode", { email: benReg.email, code: benCode })).json.result.data,
      ).toEqual({ valid: true });
      const benDone = await ben.mutation("ben complete", "account.completeRegistration", { email: benReg.email, code: benCode });
      const benId = benDone.json.result.data.member.memberId as number;
      secret("Ben's session at confirmation", ben.jar.sideline_session!, { issuedBy: "ben complete" });

      // ---- Sign-ins, good and bad.
      secret(
        "Ann's login token",
        tokenOf(await rest("ann login", "POST", "/api/account/login", undefined, { email: ann.email, password: annPw1 })),
        { issuedBy: "ann login" },
      );
      const viaGet = await rest(
        "ann authenticate",
        "GET",
        `/api/account/AuthenticateUser${qs({ email: ann.email, pwd: annPw1, rememberMe: "true", screen: "login" })}`,
      );
      const refreshed = await rest(
        "ann refresh",
        "POST",
        `/api/account/refreshLogin${qs({ accessToken: secret("Ann's GET-login token", tokenOf(viaGet), { issuedBy: "ann authenticate" }) })}`,
      );
      annToken = secret("Ann's refreshed token", tokenOf(refreshed), { issuedBy: "ann refresh" });
      const wrong1 = password("a wrong password (REST)");
      expect(
        (await rest("ann bad login", "POST", "/api/account/login", undefined, { email: ann.email, password: wrong1 })).json.accessToken,
      ).toBe("");
      await rest(
        "ann bad GET login",
        "GET",
        `/api/account/AuthenticateUser${qs({ email: ann.email, pwd: password("a wrong password (GET)") })}`,
      );
      const tooLong = secret("an over-long password", `Long-${"x".repeat(140)}-${Math.random().toString(36).slice(2)}`);
      expect((await rest("too long", "POST", "/api/account/register", undefined, registrationBody({ password: tooLong }))).status).toBe(
        400,
      );
      const mismatch = await ben.mutation(
        "mismatch",
        "account.register",
        registrationBody({ password: password("a registration password"), confirmPwd: password("its mistyped repeat") }),
      );
      expect(mismatch.status).toBe(400);

      expect(
        (await ben.mutation("ben bad login", "account.login", { email: benReg.email, password: password("a wrong password (tRPC)") })).json
          .result.data,
      ).toEqual({ status: "notfound" });
      expect((await ben.mutation("ben login", "account.login", { email: benReg.email, password: benPw1 })).status).toBe(200);
      secret("Ben's login session", ben.jar.sideline_session!, { issuedBy: "ben login" });

      // ---- Posting, contacts and messages.
      expect(
        (await rest("ann post", "POST", `/api/member/SavePosts/${annId}/0${qs({ postMsg: "Training at six" })}`, annToken)).status,
      ).toBe(200);
      expect((await ben.mutation("ben post", "feed.post", { text: "Match on Sunday" })).status).toBe(200);
      expect(
        (await rest("ann request", "PUT", `/api/contact/SendRequestContact${qs({ memberID: annId, contactID: benId })}`, annToken)).status,
      ).toBe(200);
      const annAsBen = await rest("ben's legacy login", "POST", "/api/account/login", undefined, { email: benReg.email, password: benPw1 });
      const benToken = secret("Ben's legacy token", tokenOf(annAsBen), { issuedBy: "ben's legacy login" });
      expect(
        (await rest("ben accept", "PUT", `/api/contact/AcceptRequest${qs({ memberID: benId, contactID: annId })}`, benToken)).status,
      ).toBe(200);
      expect(
        (
          await rest(
            "ann message",
            "POST",
            `/api/message/CreateMessage${qs({ to: benId, from: annId, subject: "Sunday", body: "See you there" })}`,
            annToken,
          )
        ).status,
      ).toBe(200);
      expect((await ben.query("ben messages", "messages.list", { show: "all" })).status).toBeLessThan(500);
      await ben.query("ben feed", "feed.page", {});

      // ---- Videos and the assistant (their keys go to the providers only).
      expect(
        (await rest("ann channel", "PUT", "/api/member/SetYoutubeChannel", annToken, { memberID: String(annId), channelID: "UCsecrets" }))
          .status,
      ).toBe(200);
      expect((await rest("ann playlists", "GET", `/api/member/GetVideoPlayList/${annId}`, annToken)).json).toEqual([
        expect.objectContaining({ id: "PLsecrets" }),
      ]);
      expect((await rest("ann videos", "GET", "/api/member/GetVideosList/PLsecrets", annToken)).json).toEqual([]);
      expect((await rest("ann assistant", "GET", `/api/message/UseChatGPT${qs({ message: "gg" })}`, annToken)).text).toBe("Well played.");
      assistantFails = true;
      expect((await rest("ann assistant failing", "GET", `/api/message/UseChatGPT${qs({ message: "gg" })}`, annToken)).status).toBe(200);

      // ---- Password resets: REST with the code in the query, tRPC with it in the body.
      await rest("ann reset request", "GET", `/api/member/ResetPassword${qs({ email: ann.email })}`);
      const annReset = secret(
        "Ann's reset code",
        resetCodeOf((await sink.waitForMail(ann.email, { subject: "Your Sideline password reset code" })).text),
        { mailed: true },
      );
      expect((await rest("ann reset code check", "GET", `/api/member/IsResetCodeExpired${qs({ code: annReset })}`)).text).toBe("no");
      const annPw2 = password("Ann's password after the reset");
      expect(
        (await rest("ann reset", "GET", `/api/member/ChangePassword${qs({ pwd: annPw2, email: ann.email, code: annReset })}`)).text,
      ).not.toBe("");
      annToken = secret(
        "Ann's token after the reset",
        tokenOf(await rest("ann login 2", "POST", "/api/account/login", undefined, { email: ann.email, password: annPw2 })),
        { issuedBy: "ann login 2" },
      );

      await ben.mutation("ben reset request", "account.requestPasswordReset", { email: benReg.email });
      const benReset = secret(
        "Ben's reset code",
        resetCodeOf((await sink.waitForMail(benReg.email, { subject: "Your Sideline password reset code" })).text),
        { mailed: true },
      );
      expect((await ben.mutation("ben reset code check", "account.isResetCodeExpired", { code: benReset })).json.result.data).toEqual({
        expired: false,
      });
      const benPw2 = password("Ben's password after the reset");
      expect(
        (await ben.mutation("ben reset", "account.changePasswordWithCode", { email: benReg.email, code: benReset, password: benPw2 })).json
          .result.data,
      ).toEqual({ changed: true });
      expect((await ben.mutation("ben login 2", "account.login", { email: benReg.email, password: benPw2 })).status).toBe(200);
      secret("Ben's session after the reset", ben.jar.sideline_session!, { issuedBy: "ben login 2" });

      // ---- Password changes in the settings, a wrong current password first.
      await rest("ann wrong current", "PUT", "/api/setting/SavePasswordInfo", annToken, {
        memberID: String(annId),
        pwd: password("a refused new password"),
        code: password("a wrong current password"),
      });
      const annPw3 = password("Ann's password from the settings");
      expect(
        (
          await rest("ann change password", "PUT", "/api/setting/SavePasswordInfo", annToken, {
            memberID: String(annId),
            pwd: annPw3,
            code: annPw2,
          })
        ).status,
      ).toBe(200);
      const benPw3 = password("Ben's password from the settings");
      expect(
        (
          await ben.mutation("ben change password", "settings.changePassword", {
            currentPassword: benPw2,
            newPassword: benPw3,
            confirmPassword: benPw3,
          })
        ).status,
      ).toBe(200);
      const answer = secret("Ann's security answer", `answer-${Math.random().toString(36).slice(2)}`);
      expect(
        (
          await rest(
            "ann security answer",
            "PUT",
            `/api/setting/SaveSecurityQuestionInfo/${annId}${qs({ questionID: "1", answer })}`,
            annToken,
          )
        ).status,
      ).toBe(200);

      // ---- E-mail changes, each confirmed with the code sent to the new address.
      const annNew = uniqueEmail("ann-new");
      expect(
        (await rest("ann email change", "PUT", `/api/setting/SaveMemberEmailInfo/${annId}${qs({ email: annNew })}`, annToken)).status,
      ).toBe(200);
      const annEmailCode = secret("Ann's e-mail change code", emailCodeOf((await sink.waitForMail(annNew)).text), { mailed: true });
      expect(
        (await rest("ann email confirm", "PUT", "/api/setting/ConfirmMemberEmailInfo", undefined, { email: annNew, code: annEmailCode }))
          .status,
      ).toBe(200);
      const benNew = uniqueEmail("ben-new");
      expect((await ben.mutation("ben email change", "settings.requestEmailChange", { email: benNew })).status).toBe(200);
      const benEmailCode = secret("Ben's e-mail change code", emailCodeOf((await sink.waitForMail(benNew)).text), { mailed: true });
      expect((await ben.mutation("ben email confirm", "settings.confirmEmailChange", { email: benNew, code: benEmailCode })).status).toBe(
        200,
      );
      await ben.query("ben sessions", "settings.sessions");

      // ---- Sign-out.
      expect((await rest("ann logout", "POST", "/api/account/logout", annToken)).json).toEqual({ signedOut: true });
      // As the web client's httpBatchLink sends a mutation without input.
      expect((await ben.mutation("ben logout", "account.logout?batch=1", {})).json).toEqual([{ result: { data: { ok: true } } }]);
      expect((await ben.query("ben after logout", "account.me")).json.result.data).toBeNull();

      // ------------------------------------------------------------------------------------------
      // The checks. First that the search works: each issued secret is seen in its issuing answer.
      for (const s of secrets.filter((x) => x.issuedBy)) {
        const issuing = answers.filter((a) => a.label === s.issuedBy);
        expect(issuing, s.issuedBy).toHaveLength(1);
        expect(issuing[0]!.text, `${s.name} in its answer "${s.issuedBy}"`).toContain(s.value);
      }
      const output = server.output();
      expect(output).toMatch(/DEBUG/);
      const leaks: string[] = [];
      const has = (text: string, value: string) => text.toLowerCase().includes(value.toLowerCase());
      for (const s of secrets) {
        if (has(output, s.value)) {
          const line = output.split("\n").find((l) => has(l, s.value));
          leaks.push(`${s.name} in the server output: ${line}`);
        }
        for (const a of answers) if (a.label !== s.issuedBy && has(a.text, s.value)) leaks.push(`${s.name} in the answer "${a.label}"`);
        if (!s.mailed)
          for (const m of sink.messages)
            if (has(m.text, s.value) || has(m.html, s.value)) leaks.push(`${s.name} in the e-mail "${m.subject}" to ${m.to}`);
      }
      expect(leaks).toEqual([]);
    },
  );
});

/** The code of an e-mail change mail ("Your confirmation code is: XXXXXXXX"). */
function emailCodeOf(text: string): string {
  const match = text.match(/Your confirmation code is: ([A-Z0-9]{8})\b/);
  if (!match?.[1]) throw new Error(`No code in:\n${text}`);
  return match[1];
}
