import { mkdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { zipSync, strToU8, type Zippable } from "fflate";
import { DAY, isoIn, isoNow, MINUTE } from "../../platform/clock.ts";
import type { Actor, AppContext, RequestMeta } from "../../platform/context.ts";
import { newToken, verifyPassword } from "../../platform/crypto.ts";
import { rateLimited } from "../../platform/rate-limit.ts";
import { RETENTION_BATCH } from "../../platform/retention.ts";
import { badInput, notFound, unauthorized } from "../../shared/errors.ts";
import { dataRightsTexts } from "../../shared/data-rights-texts.ts";
import { MemberStatus } from "../../shared/members.ts";
import * as accounts from "../accounts/accounts.service.ts";
import { pictureFilesOf, removePictureFiles } from "../media/media.service.ts";
import { notify } from "../notifications/notifications.service.ts";
import type { DataExportItem, DeleteAccountInput, ExportStatus } from "./datarights.schema.ts";
import { deleteAccountInput } from "./datarights.schema.ts";
import * as repo from "./datarights.repository.ts";

/** How long a ready archive can be downloaded; then the purge job removes it. */
export const EXPORT_TTL_MS = 7 * DAY;
/** How long an account whose deletion was asked for waits (signing in cancels it). */
export const DELETION_GRACE_MS = 14 * DAY;
/** A claim older than this belongs to a process that died: another one takes the archive over. */
const STALE_CLAIM_MS = 15 * MINUTE;
const LISTED_EXPORTS = 5;
const JSON_NAME = "sideline-data.json";

/**
 * Where archives live: DATA_DIR/exports, beside DATA_DIR/uploads (the context knows the uploads
 * folder; every process sharing DATA_DIR finds the same files).
 */
export const exportsDir = (ctx: AppContext) => path.join(path.dirname(ctx.uploadsDir), "exports");

const downloadUrl = (id: number) => `/data-export/${id}`;

function toItem(row: repo.DataExportRow): DataExportItem {
  const status = row.status as ExportStatus;
  return {
    id: row.id,
    status,
    createdAt: row.createdAt,
    readyAt: row.readyAt,
    expiresAt: row.expiresAt,
    size: row.size,
    downloadUrl: status === "ready" ? downloadUrl(row.id) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Export

/**
 * Asks for an archive of everything Sideline holds about the member; a worker prepares it off the
 * request path (processExports). One at a time, and at most a few a day (the dataExport limit).
 */
export async function requestExport(ctx: AppContext, actor: Actor): Promise<DataExportItem> {
  if (await repo.hasExportInProgress(ctx.db, actor.memberId)) throw rateLimited(dataRightsTexts.exportInProgress);
  await ctx.limiter.consume("dataExport", [`member:${actor.memberId}`]);
  const createdAt = isoNow();
  const values = { memberId: actor.memberId, status: "pending", createdAt } as const;
  const id = await repo.insertExport(ctx.db, values);
  return toItem({ id, fileName: null, size: null, claimedAt: null, readyAt: null, expiresAt: null, ...values });
}

/** The member's archives, newest first; expired ones are left out (the purge removes them). */
export async function listExports(ctx: AppContext, actor: Actor): Promise<DataExportItem[]> {
  const now = isoNow();
  const rows = await repo.listExports(ctx.db, actor.memberId, LISTED_EXPORTS);
  return rows.filter((r) => r.expiresAt === null || r.expiresAt > now).map(toItem);
}

/**
 * The file of a ready archive, for its owner only: anyone else (and an archive not ready, expired
 * or gone) gets the same NOT_FOUND, so ids tell nothing about other members.
 */
export async function exportFile(ctx: AppContext, actor: Actor | null, id: number): Promise<{ file: string; downloadName: string }> {
  if (!actor || actor.scope !== "full") throw unauthorized();
  const row = await repo.findExport(ctx.db, id);
  if (!row || row.memberId !== actor.memberId || row.status !== "ready" || !row.fileName || !row.expiresAt || row.expiresAt <= isoNow()) {
    throw notFound(dataRightsTexts.exportNotFound);
  }
  const file = path.join(exportsDir(ctx), row.fileName);
  if (!(await stat(file).catch(() => null))) throw notFound(dataRightsTexts.exportNotFound);
  return { file, downloadName: `sideline-data-${row.createdAt.slice(0, 10)}.zip` };
}

/**
 * Prepares waiting archives, one after the other, until none is left or `signal` aborts. Any
 * process may run it: each archive is claimed first (repo.claimNextExport). Answers how many it made.
 */
export async function processExports(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  let made = 0;
  while (!signal?.aborted) {
    const now = new Date();
    const claimed = await repo.claimNextExport(ctx.db, isoNow(now), isoNow(new Date(now.getTime() - STALE_CLAIM_MS)));
    if (!claimed) break;
    try {
      await buildExport(ctx, claimed);
      made++;
    } catch (error) {
      ctx.log.error("data export failed", { exportId: claimed.id, error: String(error) });
      await repo.finishExport(ctx.db, claimed.id, {
        status: "failed",
        fileName: null,
        size: null,
        readyAt: null,
        expiresAt: isoIn(EXPORT_TTL_MS),
      });
    }
  }
  return made;
}

/**
 * Builds a claimed archive and publishes it. Exclusive with the purge (review of 2026-11-27): no
 * archive for a member whose deletion is pending or who is gone, and one whose member was purged
 * while it was written is removed at once (its row went with the member).
 */
async function buildExport(ctx: AppContext, row: repo.DataExportRow): Promise<void> {
  const member = await accounts.findMemberById(ctx.db, row.memberId);
  if (!member || member.status === MemberStatus.DeletionPending) {
    await repo.finishExport(ctx.db, row.id, {
      status: "failed",
      fileName: null,
      size: null,
      readyAt: null,
      expiresAt: isoIn(EXPORT_TTL_MS),
    });
    return;
  }
  const written = await writeArchive(ctx, row);
  if (!(await publishArchive(ctx, row, written))) return;
  await notify(ctx, {
    memberId: row.memberId,
    kind: "data.exportReady",
    actorId: row.memberId,
    subject: dataRightsTexts.exportReadySubject,
    text: dataRightsTexts.exportReadyText,
    link: "/settings/account-setting?tab=data",
  });
}

/** Writes the archive's file (exported for the purge's interleaving test); its name and size. */
export async function writeArchive(ctx: AppContext, row: repo.DataExportRow): Promise<{ fileName: string; size: number }> {
  const data = await repo.collectMemberData(ctx.db, row.memberId);
  const account = data.account as { picturePath?: string | null } | undefined;
  const pictures = account ? pictureFilesOf(ctx, account.picturePath ?? null) : [];
  const files: Zippable = {};
  for (const file of pictures) {
    const bytes = await readFile(file).catch(() => null);
    // WebP is compressed already: stored as it is.
    if (bytes) files[`uploads/${path.basename(file)}`] = [new Uint8Array(bytes), { level: 0 }];
  }
  const json = { exportedAt: isoNow(), ...data, uploads: Object.keys(files) };
  files[JSON_NAME] = strToU8(JSON.stringify(json, null, 2));
  const zip = zipSync(files);

  const dir = exportsDir(ctx);
  await mkdir(dir, { recursive: true });
  const fileName = `${newToken()}.zip`;
  // Written aside and renamed: a process serving a download never sees half a file.
  const part = path.join(dir, `${fileName}.part`);
  await writeFile(part, zip, { mode: 0o600 });
  await rename(part, path.join(dir, fileName));
  return { fileName, size: zip.length };
}

/**
 * Marks the archive ready; when its row is gone (the purge deleted the member while the file was
 * written, after it had collected their archives' names) the file is removed and false answered.
 */
export async function publishArchive(
  ctx: AppContext,
  row: repo.DataExportRow,
  written: { fileName: string; size: number },
): Promise<boolean> {
  const patch = { status: "ready", ...written, readyAt: isoNow(), expiresAt: isoIn(EXPORT_TTL_MS) } as const;
  if (await repo.finishExport(ctx.db, row.id, patch)) return true;
  await removeExportFile(ctx, written.fileName);
  ctx.log.info("data export discarded: its member was deleted meanwhile", { exportId: row.id });
  return false;
}

/** Removes archives past their time, files and rows, in batches (the purge job). Answers how many. */
export async function pruneExpiredExports(ctx: AppContext, now = new Date(), limit = RETENTION_BATCH): Promise<number> {
  const rows = await repo.expiredExports(ctx.db, isoNow(now), limit);
  for (const row of rows) {
    await removeExportFile(ctx, row.fileName);
    await repo.deleteExport(ctx.db, row.id);
  }
  return rows.length;
}

async function removeExportFile(ctx: AppContext, fileName: string | null): Promise<void> {
  if (!fileName) return;
  await unlink(path.join(exportsDir(ctx), fileName)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") ctx.log.warn("could not remove a data export", { fileName, error: String(error) });
  });
}

// ---------------------------------------------------------------------------------------------
// Deletion

/**
 * Deletion asked for with the password: the account is hidden at once (status 5), every session
 * ends, and the purge deletes it after the grace period unless the member signs in before
 * (accounts.login cancels it). A wrong password: BAD_INPUT, nothing written.
 */
export async function requestDeletion(
  ctx: AppContext,
  actor: Actor,
  input: DeleteAccountInput,
  meta: RequestMeta,
): Promise<{ dueAt: string }> {
  const parsed = deleteAccountInput.safeParse(input);
  if (!parsed.success) throw badInput(parsed.error.issues[0]?.message ?? dataRightsTexts.deletePasswordRequired);
  if (actor.scope !== "full") throw unauthorized();
  // Password attempts count as sign-in attempts do for a password change (per address and member).
  await ctx.limiter.consume("login", [`ip:${meta.ip}`, `member:${actor.memberId}`]);
  const member = await accounts.findMemberById(ctx.db, actor.memberId);
  if (!member || member.status !== MemberStatus.Active) throw unauthorized();
  if (!(await verifyPassword(member.passwordHash, parsed.data.password))) throw badInput(dataRightsTexts.deleteWrongPassword);
  const dueAt = isoIn(DELETION_GRACE_MS);
  await ctx.db.transaction().execute(async (trx) => {
    await accounts.refuseIfLastAdmin(trx, actor.memberId, dataRightsTexts.lastAdminDelete);
    await accounts.markForDeletion(trx, actor.memberId, dueAt);
  });
  ctx.log.info("account deletion asked for", { memberId: actor.memberId, dueAt });
  return { dueAt };
}

/**
 * Deletes the accounts whose grace period ended at `now`: the member row and, by its foreign keys,
 * everything that references it (profile, contacts, follows, posts and their replies and likes,
 * replies and likes, messages sent and received, notifications, sessions, codes, settings,
 * archives), the rows no foreign key reaches (repo.deleteUnlinkedRows), then their files
 * (picture variants, archives). Answers how many members went.
 */
export async function purgeDeletedAccounts(ctx: AppContext, now = new Date(), limit = 50): Promise<number> {
  const dueAt = isoNow(now);
  const due = await accounts.membersDueForDeletion(ctx.db, dueAt, limit);
  for (const member of due) {
    // Checked again inside the transaction: a sign-in since the list was read cancels the deletion.
    // The archives' names are read as their rows go, in the same transaction: an archive a worker
    // finishes later finds no row and removes its own file (publishArchive).
    const archives = await ctx.db.transaction().execute(async (trx) => {
      if (!(await accounts.claimForPurge(trx, member.id, dueAt))) return null;
      const names = await repo.deleteExportsOf(trx, member.id);
      await repo.deleteUnlinkedRows(trx, member.id);
      await accounts.deleteMember(trx, member.id);
      return names;
    });
    if (!archives) continue;
    await removePictureFiles(ctx, member.picturePath);
    for (const fileName of archives) await removeExportFile(ctx, fileName);
    ctx.log.info("account deleted after its grace period", { memberId: member.id });
  }
  return due.length;
}
