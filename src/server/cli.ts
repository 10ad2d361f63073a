/**
 * `sideline [command]`: the one-file binary's entry point (decision 033), usable from source too
 * (`bun src/server/cli.ts migrate`). Each command runs the very function its npm script runs;
 * a new command is one more entry in COMMANDS. Settings come from the environment, as for npm start.
 */

interface Command {
  /** The command with its arguments, as --help shows it. */
  usage: string;
  summary: string;
  run: (args: string[]) => Promise<void> | void;
}

export const COMMANDS: Record<string, Command> = {
  serve: {
    usage: "serve",
    summary: "start the server (the default): migrates the database, then serves the web client and the API",
    run: async () => (await import("./main.ts")).serve(),
  },
  migrate: {
    usage: "migrate",
    summary: "apply pending migrations to the database, then exit",
    run: async () => (await import("../../scripts/migrate.ts")).migrate(),
  },
  seed: {
    usage: "seed [--members N ...]",
    summary: "add the demo members, or generate a community of N members (seed --help)",
    run: async (args) => (await import("../../scripts/seed.ts")).seed(args),
  },
  backup: {
    usage: "backup [FILE]",
    summary: "copy the database and the pictures while the server runs (default DATA_DIR/backups/)",
    run: async (args) => (await import("../../scripts/backup.ts")).backupCommand(args),
  },
  restore: {
    usage: "restore FILE",
    summary: "put a backup back (stop the server first)",
    run: async (args) => (await import("../../scripts/restore.ts")).restoreCommand(args),
  },
  "create-admin": {
    usage: "create-admin --email ADDRESS",
    summary: "make that member an admin (they must have signed up); recorded in the audit log",
    run: async (args) => (await import("../../scripts/create-admin.ts")).createAdminCommand(args),
  },
};

export function helpText(): string {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.usage.length));
  return [
    "Usage: sideline [command] [arguments]",
    "",
    "Sideline, the social network for sport. Without a command it serves.",
    "",
    "Commands:",
    ...Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    `  ${"--help".padEnd(width)}  this list`,
    "",
    "Settings come from environment variables (README, Configuration): the data in DATA_DIR",
    "(default ./data, from the working directory), PORT (default 3000), PUBLIC_URL, SMTP_URL ...",
  ].join("\n");
}

/** Runs the command of `argv` (the arguments after the program's name). */
export async function runCli(argv: string[]): Promise<void> {
  const [name = "serve", ...args] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    console.log(helpText());
    return;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${helpText()}`);
    process.exit(2);
  }
  await command.run(args);
}

if (import.meta.main) await runCli(process.argv.slice(2));
