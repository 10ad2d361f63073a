import { z } from "zod";
import { dataRightsTexts } from "../../shared/data-rights-texts.ts";
import { rowIdField } from "../../shared/ids.ts";

// Shared by the client and the server: no server imports.

export const EXPORT_STATUSES = ["pending", "building", "ready", "failed"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** One of the member's archives as the settings screen shows it. */
export interface DataExportItem {
  id: number;
  status: ExportStatus;
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  size: number | null;
  /** Where the owner downloads it (ready only). */
  downloadUrl: string | null;
}

/** An export id as the download address names it. */
export const exportIdField = rowIdField(dataRightsTexts.exportNotFound);

/** Deleting the account asks for the password again (nothing else is checked on it here). */
export const deleteAccountInput = z.object({
  password: z.string({ error: dataRightsTexts.deletePasswordRequired }).min(1, dataRightsTexts.deletePasswordRequired).max(200),
});
export type DeleteAccountInput = z.input<typeof deleteAccountInput>;
