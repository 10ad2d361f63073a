/**
 * End-to-end latency of live updates on the real server: two members (registered through the REST
 * service, with a local SMTP peer for the confirmation mail), one holding the live stream open over
 * HTTP (server-sent events, as a browser tab does), the other sending messages; prints how long each
 * message takes from the send request to the event on the stream. Asserts nothing.
 * Run: `npx bun scripts/bench-live.ts [messages=100]`.
 */
import { startMailSink } from "../tests/support/mail-sink.ts";
import { api, bearer, registerAndConfirm, startServer } from "../tests/support/server.ts";

const COUNT = Number(process.argv[2] ?? 100);
const sink = await startMailSink();
const server = await startServer({ smtpUrl: sink.url });
try {
  const client = api(server.baseUrl);
  const [sender, reader] = [await registerAndConfirm(server.baseUrl, sink), await registerAndConfirm(server.baseUrl, sink)];
  await client.put(`/api/contact/SendRequestContact?memberID=${sender.memberId}&contactID=${reader.memberId}`, {
    headers: bearer(sender.accessToken),
  });
  await client.put(`/api/contact/AcceptRequest?memberID=${reader.memberId}&contactID=${sender.memberId}`, {
    headers: bearer(reader.accessToken),
  });

  // The reader's tab: the tRPC subscription over SSE, read as a stream of "data:" lines.
  const controller = new AbortController();
  const res = await fetch(`${server.baseUrl}/trpc/live.events?input=${encodeURIComponent("{}")}`, {
    headers: bearer(reader.accessToken),
    signal: controller.signal,
  });
  const reader$ = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const arrivals = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  void (async () => {
    let buffer = "";
    for (;;) {
      const { value, done } = await reader$.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      for (let i = buffer.indexOf("\n\n"); i >= 0; i = buffer.indexOf("\n\n")) {
        const frame = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const match = frame.match(/"type":"message.received".*"subject":"(bench-\d+)"/);
        if (match) {
          arrivals.set(match[1]!, performance.now());
          waiting.get(match[1]!)?.();
        }
      }
    }
  })();
  await new Promise((r) => setTimeout(r, 300));

  const latencies: number[] = [];
  for (let i = 0; i < COUNT; i++) {
    const subject = `bench-${i}`;
    const arrived = new Promise<void>((resolve) => waiting.set(subject, resolve));
    const sent = performance.now();
    const answer = await client.post(
      `/api/message/CreateMessage?to=${reader.memberId}&from=${sender.memberId}&subject=${subject}&body=hello`,
      { headers: bearer(sender.accessToken) },
    );
    if (answer.status !== 200) throw new Error(`CreateMessage answered ${answer.status}: ${answer.text}`);
    await Promise.race([arrived, new Promise((r) => setTimeout(r, 5_000))]);
    latencies.push((arrivals.get(subject) ?? Number.NaN) - sent);
  }
  controller.abort();
  const sorted = latencies.filter((n) => !Number.isNaN(n)).sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  console.log(
    `live delivery over HTTP (send request -> event on the open SSE stream), ${COUNT} messages: ` +
      `received ${sorted.length}, p50 ${pick(0.5)} ms, p95 ${pick(0.95)} ms, max ${pick(1)} ms`,
  );
} finally {
  await server.stop();
  await sink.close();
}
