/** vitest setupFile of the PostgreSQL pass: the support modules read the server's URL from the environment. */
import { inject } from "vitest";
import { TEST_PG_URL_ENV } from "./pg.ts";

process.env[TEST_PG_URL_ENV] = inject("postgresUrl");
