import { z } from "zod";
import { rowIdField, rowIdOfText } from "../../shared/ids.ts";

// Shared by the client and the server: no server imports.

export const NOTIFICATIONS_PER_PAGE = 30;

export const NOTIFICATION_KINDS = [
  "contact.requested",
  "contact.accepted",
  "member.followed",
  "message.received",
  "post.replied",
  "moderation.warning",
  "moderation.outcome",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationListInput = z.object({
  view: z.enum(["all", "unread"]).default("all"),
  cursor: z
    .string()
    .refine((c) => rowIdOfText(c) !== null, "cursor is not valid.")
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PER_PAGE),
});
export type NotificationListQuery = z.output<typeof notificationListInput>;

/** Mark read: every notification, or those up to the newest one shown. */
export const markAllReadInput = z.object({ upToId: rowIdField("upToId must be a notification id.").optional() }).optional();

export const unsubscribeInput = z.object({ token: z.string().trim().min(1).max(500) });

export interface NotificationItem {
  notificationId: number;
  kind: NotificationKind;
  subject: string;
  text: string;
  /** Where the notification leads on the site ("/contacts/requests"), or "". */
  link: string;
  sentAt: string;
  read: boolean;
}

export interface NotificationPage {
  items: NotificationItem[];
  nextCursor: string | null;
}

const two = (n: number) => String(n).padStart(2, "0");

/**
 * The spec's notification date, dd/MM/yyyy h:mm:ss a ("05/03/2026 4:07:09 PM"), in the browser's
 * time zone, or in UTC with `utc` (the REST service, whose clients show it as it is).
 */
export function formatSentDate(iso: string, options: { utc?: boolean } = {}): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const [day, month, year, hours, minutes, seconds] = options.utc
    ? [d.getUTCDate(), d.getUTCMonth() + 1, d.getUTCFullYear(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()]
    : [d.getDate(), d.getMonth() + 1, d.getFullYear(), d.getHours(), d.getMinutes(), d.getSeconds()];
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${two(day)}/${two(month)}/${year} ${h12}:${two(minutes)}:${two(seconds)} ${hours < 12 ? "AM" : "PM"}`;
}
