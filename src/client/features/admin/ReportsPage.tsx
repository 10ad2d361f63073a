import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import type { OpenReport, ReportTarget } from "../../../domains/moderation/moderation.schema.ts";
import { moderationTexts as t } from "../../../shared/moderation-texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { RelativeDate } from "../../components/RelativeDate.tsx";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { REASON_LABEL } from "../safety/ReportModal.tsx";
import { adminLink } from "./admin-link.ts";
import { ACTION_LABEL, type ReportAction, ReportActionDialog } from "./ReportActionDialog.tsx";
import { ShowMore } from "./ShowMore.tsx";

const TARGET_LABEL: Record<ReportTarget, string> = {
  member: t.targetMember,
  post: t.targetPost,
  reply: t.targetReply,
  message: t.targetMessage,
};

const memberLink = (m: OpenReport["reporter"]) => (
  <Anchor renderRoot={(props) => <Link {...props} {...adminLink(`members/${m.memberId}`)} />} fw={600}>
    {m.name}
  </Anchor>
);

/** One open report: why, what, who, and the moderator's answers. */
function ReportCard({ report, onAction }: { report: OpenReport; onAction: (a: ReportAction) => void }) {
  const actions: ReportAction[] =
    report.target.kind === "member" ? ["dismiss", "warn", "suspend"] : ["dismiss", "remove", "warn", "suspend"];
  return (
    <Card component="li" padding="sm" withBorder aria-label={`${REASON_LABEL[report.reason]}: ${report.reported.name}`}>
      <Stack gap="xs">
        <Group gap="xs" justify="space-between">
          <Badge color="red" variant="light">
            {REASON_LABEL[report.reason]}
          </Badge>
          <RelativeDate iso={report.createdAt} size="xs" c="dimmed" />
        </Group>
        <Text size="sm">
          {t.reportedMember} {memberLink(report.reported)} · {t.reportedBy} {memberLink(report.reporter)}
        </Text>
        {report.note && (
          <Text size="sm" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
            {t.reportNoteLabel}: {report.note}
          </Text>
        )}
        <Card withBorder padding="xs" bg="var(--mantine-color-default-hover)">
          <Text size="xs" c="dimmed">
            {TARGET_LABEL[report.target.kind]}
          </Text>
          {report.target.text !== null && (
            <Text size="sm" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
              {report.target.text}
            </Text>
          )}
        </Card>
        <Group gap="xs">
          {actions.map((a) => (
            <Button
              key={a}
              size="xs"
              variant={a === "dismiss" ? "default" : "light"}
              color={a === "dismiss" ? undefined : "red.9"}
              onClick={() => onAction(a)}
            >
              {ACTION_LABEL[a]}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

/** /admin/reports (moderators and admins): the open reports, newest first, page by page. */
export default function ReportsPage() {
  const reports = useInfiniteQuery({
    ...trpc.moderation.reports.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
    staleTime: 0,
  });
  const [open, setOpen] = useState<{ report: OpenReport; action: ReportAction } | null>(null);
  const items = reports.data?.pages.flatMap((p) => p.items) ?? [];
  const done = () => {
    setOpen(null);
    void queryClient.invalidateQueries(trpc.moderation.reports.infiniteQueryFilter());
    void queryClient.invalidateQueries(trpc.admin.audit.infiniteQueryFilter());
  };
  return (
    <Stack>
      <Title order={1}>{t.reportsTitle}</Title>
      <ErrorAlert error={reports.error} />
      {reports.isPending && <Loader aria-label={t.reportsTitle} />}
      {reports.data && items.length === 0 && <Text c="dimmed">{t.reportsEmpty}</Text>}
      {items.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t.reportsList}>
          {items.map((r) => (
            <ReportCard key={r.reportId} report={r} onAction={(action) => setOpen({ report: r, action })} />
          ))}
        </Stack>
      )}
      <ShowMore list={reports} />
      {open && <ReportActionDialog key={`${open.report.reportId}:${open.action}`} {...open} onClose={() => setOpen(null)} onDone={done} />}
    </Stack>
  );
}
