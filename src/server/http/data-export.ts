import type { Context } from "hono";
import { exportFile } from "../../domains/datarights/datarights.service.ts";
import { exportIdField } from "../../domains/datarights/datarights.schema.ts";
import { dataRightsTexts } from "../../shared/data-rights-texts.ts";
import type { AppEnv } from "./context.ts";

/**
 * GET /data-export/:id: a member's archive (decision 036), for its owner's session (cookie or
 * bearer) only. No session: 401; anyone else's, unknown, unready or expired: 404. Never cached.
 */
export async function downloadDataExport(c: Context<AppEnv>): Promise<Response> {
  const id = exportIdField.safeParse(c.req.param("id"));
  if (!id.success) return c.json({ message: dataRightsTexts.exportNotFound }, 404);
  const { file, downloadName } = await exportFile(c.get("app"), c.get("actor"), id.data);
  // Bun streams the file from disk (as the static files are served).
  return new Response(Bun.file(file), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${downloadName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
