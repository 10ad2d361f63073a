import { Card, Stack, Text } from "@mantine/core";
import type { AuditEntry } from "../../../domains/admin/admin.schema.ts";
import { adminTexts } from "../../../shared/admin-texts.ts";
import { RelativeDate } from "../../components/RelativeDate.tsx";
import { ACTION_LABELS, ROLE_LABELS } from "./labels.ts";
import type { Role } from "../../../shared/members.ts";

/** What changed, in words: a role from and to, a suspension's end. */
function detailOf(e: AuditEntry): string {
  if (e.action === "grant-role") return `${ROLE_LABELS[e.detail.from as Role] ?? ""} → ${ROLE_LABELS[e.detail.to as Role] ?? ""}`;
  if (e.action === "suspend" && typeof e.detail.until === "string") return `→ ${new Date(e.detail.until).toLocaleString()}`;
  return "";
}

/** Audit entries, newest first: when, who, what, whom, why. */
export function AuditList({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <Text c="dimmed">{adminTexts.adminNoAudit}</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={adminTexts.adminAudit}>
      {entries.map((e) => (
        <Card key={e.id} component="li" padding="sm" withBorder>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            <Text span fw={600}>
              {e.actor?.name ?? adminTexts.adminAuditSystem}
            </Text>{" "}
            {ACTION_LABELS[e.action]}{" "}
            <Text span fw={600}>
              {e.target.name}
            </Text>{" "}
            {detailOf(e)}
          </Text>
          {e.reason && (
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {adminTexts.adminAuditWhy}: {e.reason}
            </Text>
          )}
          <RelativeDate iso={e.at} size="xs" c="dimmed" />
        </Card>
      ))}
    </Stack>
  );
}
