/**
 * The reference of `npm run bench`: a bare Bun.serve answering a constant, in a process of its own,
 * on 127.0.0.1 and a free port that it prints as its first line. Whatever Sideline does per
 * request costs the distance between this and GET /api/health.
 */
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch: () => new Response('{"status":"ok"}', { headers: { "Content-Type": "application/json" } }),
});
console.log(String(server.port));
process.on("SIGTERM", () => {
  void server.stop(true);
  process.exit(0);
});
