import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailSink, type MailSink } from "#support/mail-sink.ts";
import { testEngine } from "#support/pg.ts";
import { api, bearer, type RegisteredMember, registerAndConfirm, type RunningServer, startServer } from "#support/server.ts";

// Two server processes on one PostgreSQL database (the PostgreSQL pass only: SQLite serves one
// process): a message sent through one arrives live on a stream held open on the other, and a
// rate limit counts the attempts made on both.
const onPostgres = testEngine() === "postgres";

let sink: MailSink;
let a: RunningServer;
let b: RunningServer;
let sender: RegisteredMember;
let reader: RegisteredMember;

beforeAll(async () => {
  if (!onPostgres) return;
  sink = await startMailSink();
  a = await startServer({ smtpUrl: sink.url, rateLimits: true });
  b = await startServer({ smtpUrl: sink.url, rateLimits: true, databaseUrl: a.databaseUrl });
  sender = await registerAndConfirm(a.baseUrl, sink);
  reader = await registerAndConfirm(b.baseUrl, sink);
  await api(a.baseUrl).put(`/api/contact/SendRequestContact?memberID=${sender.memberId}&contactID=${reader.memberId}`, {
    headers: bearer(sender.accessToken),
  });
  await api(b.baseUrl).put(`/api/contact/AcceptRequest?memberID=${reader.memberId}&contactID=${sender.memberId}`, {
    headers: bearer(reader.accessToken),
  });
});

afterAll(async () => {
  await b?.stop();
  await a?.stop();
  await sink?.close();
});

/** The member's live stream on a server (the tRPC subscription over SSE, as a browser tab holds it): resolves with the first frame matching. */
function openStream(server: RunningServer, member: RegisteredMember, signal: AbortSignal) {
  const frames: string[] = [];
  const ready = fetch(`${server.baseUrl}/trpc/live.events?input=${encodeURIComponent("{}")}`, {
    headers: bearer(member.accessToken),
    signal,
  });
  const waitFor = async (matches: (frame: string) => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = frames.find(matches);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no matching live frame within ${timeoutMs} ms; heard:\n${frames.join("\n")}`);
  };
  const reading = ready.then(async (res) => {
    const stream = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await stream.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += value;
      for (let i = buffer.indexOf("\n\n"); i >= 0; i = buffer.indexOf("\n\n")) {
        frames.push(buffer.slice(0, i));
        buffer = buffer.slice(i + 2);
      }
    }
  });
  return { waitFor, reading };
}

describe.runIf(onPostgres)("two server processes on one PostgreSQL database", () => {
  it("a message sent through one process arrives live on a stream held open on the other", async () => {
    const controller = new AbortController();
    const stream = openStream(b, reader, controller.signal);
    await stream.waitFor((frame) => frame.includes("stream.ready"));
    const subject = `across-${Date.now()}`;
    const sent = await api(a.baseUrl).post(
      `/api/message/CreateMessage?to=${reader.memberId}&from=${sender.memberId}&subject=${subject}&body=hello`,
      { headers: bearer(sender.accessToken) },
    );
    expect(sent.status).toBe(200);
    // Only the LISTEN/NOTIFY fan-out can bring process A's event to a stream held on process B.
    const frame = await stream.waitFor((f) => f.includes("message.received") && f.includes(subject));
    expect(frame).toMatch(/^id: \d+$/m);
    controller.abort();
    await stream.reading;
  });

  it("a like made through one process reaches the post's audience live on the other (the count; `liked` to the liker's own tabs)", async () => {
    const posted = await api(a.baseUrl).post(
      `/api/member/CreateMemberPost/${sender.memberId}?postMsg=${encodeURIComponent("Across the processes")}`,
      {
        headers: bearer(sender.accessToken),
      },
    );
    expect(posted.status, posted.text).toBe(200);
    const postId = Number(posted.json.postID);
    const controller = new AbortController();
    const author = openStream(b, sender, controller.signal);
    const likerElsewhere = openStream(b, reader, controller.signal);
    await author.waitFor((frame) => frame.includes("stream.ready"));
    await likerElsewhere.waitFor((frame) => frame.includes("stream.ready"));
    const liked = await api(a.baseUrl).post(`/api/member/ImcrementPostLikeCounter/${postId}`, { headers: bearer(reader.accessToken) });
    expect(liked.status, liked.text).toBe(200);
    // Process B learns of the like only through the announcement, and finds its own connected audience.
    const told = (frame: string) => frame.includes("post.likes") && frame.includes(`"postId":${postId}`);
    expect(await author.waitFor(told)).toContain(`"data":{"postId":${postId},"likes":1}`);
    expect(await likerElsewhere.waitFor(told)).toContain(`"data":{"postId":${postId},"likes":1,"liked":true}`);
    controller.abort();
    await Promise.all([author.reading, likerElsewhere.reading]);
  });

  it("a session signed out, or a member deactivated, through one process is refused by the other at once", async () => {
    // Each process answers known tokens from memory (decision 045); the other's change reaches it as a notice.
    const myInfo = (server: RunningServer, m: RegisteredMember) =>
      api(server.baseUrl).get(`/api/member/GetMemberGeneralInfoV2/${m.memberId}`, { headers: bearer(m.accessToken) });
    const leaver = await registerAndConfirm(a.baseUrl, sink);
    const quitter = await registerAndConfirm(a.baseUrl, sink);
    for (const m of [leaver, quitter]) for (let i = 0; i < 3; i++) expect((await myInfo(b, m)).status).toBe(200);

    const out = await api(a.baseUrl).post("/api/account/logout", { headers: bearer(leaver.accessToken) });
    expect(out.status, out.text).toBe(200);
    const deactivated = await api(a.baseUrl).get(`/api/member/SetMemberStatus?memberId=${quitter.memberId}&status=3`, {
      headers: bearer(quitter.accessToken),
    });
    expect(deactivated.status, deactivated.text).toBe(200);
    // The notice leaves at the commit, before the answers above; it reaches the other process's
    // listener within milliseconds (its cache would otherwise answer for up to 10 s).
    const refusedWithin = async (m: RegisteredMember, ms: number) => {
      const deadline = Date.now() + ms;
      while ((await myInfo(b, m)).status !== 401) {
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return true;
    };
    expect(await refusedWithin(leaver, 500)).toBe(true);
    expect(await refusedWithin(quitter, 500)).toBe(true);
    for (let i = 0; i < 5; i++) for (const m of [leaver, quitter]) expect((await myInfo(b, m)).status).toBe(401);
  });

  it("a follow or unfollow made through one process shows in the lists the other serves from memory, at once", async () => {
    // Each process keeps list pages in memory (decision 046); the other's write reaches it as a notice.
    const follows = async (server: RunningServer) => {
      const res = await api(server.baseUrl).get(`/api/contact/GetPeopleIFollow?memberID=${sender.memberId}`, {
        headers: bearer(sender.accessToken),
      });
      expect(res.status, res.text).toBe(200);
      return (res.json as Array<{ contactID: string }>).some((item) => Number(item.contactID) === reader.memberId);
    };
    for (const action of ["FollowMember", "UnfollowMember", "FollowMember"]) {
      const was = await follows(b);
      // Asked again: served from memory.
      expect(await follows(b)).toBe(was);
      if (was === (action === "FollowMember")) continue;
      const done = await api(a.baseUrl).post(`/api/contact/${action}?memberID=${sender.memberId}&contactID=${reader.memberId}`, {
        headers: bearer(sender.accessToken),
      });
      expect(done.status, done.text).toBe(200);
      const deadline = Date.now() + 500;
      while ((await follows(b)) === was && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await follows(b), `${action} through the other process`).toBe(!was);
      for (let i = 0; i < 3; i++) expect(await follows(b)).toBe(!was);
    }
  });

  it("a rate limit counts the attempts made on both processes", async () => {
    // Sign-in attempts from one address: 10 per 15 minutes, whichever process answers.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await api(server.baseUrl).post("/api/account/login", { body: { email: `nobody-${i}@sideline.test`, password: "wrong" } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
