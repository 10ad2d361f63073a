import { z } from "zod";

// Shared by the client and the server: no server imports.

/** The live stream's input: tRPC's SSE link passes back the id of the last event it received on reconnect. */
export const liveInput = z
  .object({
    lastEventId: z
      .string()
      .regex(/^\d{1,15}$/)
      .nullish(),
  })
  .optional();
