/**
 * vitest globalSetup of the PostgreSQL pass: starts the run's PostgreSQL (tests/support/pg.ts),
 * builds the migrated template once and hands the server's URL to the workers (provide/inject,
 * see pg-worker-setup.ts). Fails the pass, never skips it, when no PostgreSQL can be had.
 */
import type { TestProject } from "vitest/node";
import { buildTemplate, startTestPostgres } from "./pg.ts";
import { sqliteOnlyReport } from "./test-engines.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  console.log(sqliteOnlyReport());
  const server = await startTestPostgres();
  try {
    await buildTemplate(server.url);
  } catch (error) {
    await server.stop();
    throw new Error(`PostgreSQL pass cannot run: the template database did not migrate (${(error as Error).message})`, { cause: error });
  }
  console.log(`PostgreSQL pass: ${server.source}`);
  project.provide("postgresUrl", server.url);
  return () => server.stop();
}
