/**
 * `npm run seed` (`sideline seed`): the demo data (no arguments: scripts/seed-demo.ts, a score of
 * members to try the app with), or a generated community of any size for load tests
 * (`npm run seed -- --members 100000 [--seed N]`: scripts/community/, see its --help).
 */
export async function seed(args: string[]): Promise<void> {
  if (args.length === 0) await import("./seed-demo.ts");
  else await (await import("./community/cli.ts")).main(args);
}

if (import.meta.main) await seed(process.argv.slice(2));
