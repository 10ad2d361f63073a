/**
 * `npm run seed`: the demo data (no arguments: scripts/seed-demo.ts, a score of members to try the
 * app with), or a generated community of any size for load tests
 * (`npm run seed -- --members 100000 [--seed N]`: scripts/community/, see its --help).
 */
const args = process.argv.slice(2);
if (args.length === 0) await import("./seed-demo.ts");
else await (await import("./community/cli.ts")).main(args);

export {};
