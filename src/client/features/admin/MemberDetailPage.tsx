import { Alert, Anchor, Avatar, Badge, Button, Card, Group, Loader, Select, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import type { AdminMember } from "../../../domains/admin/admin.schema.ts";
import { hasRole, MemberStatus, ROLES, type Role } from "../../../shared/members.ts";
import { fillText, texts } from "../../../shared/texts.ts";
import { adminTexts } from "../../../shared/admin-texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { adminLink } from "./admin-link.ts";
import { AuditList } from "./AuditList.tsx";
import { ROLE_LABELS, statusOf, suspensionLine } from "./labels.ts";
import { ReasonDialog } from "./ReasonDialog.tsx";
import { SuspendDialog } from "./SuspendDialog.tsx";

/** Everything admin lists and this screen show of members is fetched again after an action. */
const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries(trpc.admin.member.queryFilter()),
    queryClient.invalidateQueries(trpc.admin.members.infiniteQueryFilter()),
    queryClient.invalidateQueries(trpc.admin.audit.queryFilter()),
  ]);

/** /admin/members/$memberId: one member, what can be done to them, and what was done lately. */
export function MemberDetailPage({ memberId, role, selfId }: { memberId: number; role: Role; selfId: number }) {
  const detail = useQuery({ ...trpc.admin.member.queryOptions({ memberId }), staleTime: 0 });
  return (
    <Stack>
      <Title order={1}>{adminTexts.adminMembers}</Title>
      <Anchor renderRoot={(props) => <Link {...props} {...adminLink("members")} />} size="sm">
        ← {adminTexts.adminMembers}
      </Anchor>
      <ErrorAlert error={detail.error} />
      {!detail.data && !detail.error && <Loader aria-label={texts.loading} />}
      {detail.data && (
        <>
          <MemberCard member={detail.data.member} role={role} self={detail.data.member.memberId === selfId} />
          <Title order={2} size="h4">
            {adminTexts.adminAudit}
          </Title>
          <AuditList entries={detail.data.history} />
        </>
      )}
    </Stack>
  );
}

function MemberCard({ member: m, role, self }: { member: AdminMember; role: Role; self: boolean }) {
  const [suspendOpen, suspendDialog] = useDisclosure(false);
  const [done, setDone] = useState(false);
  // The action whose reason dialog is open.
  const [asking, setAsking] = useState<"restore" | "reset" | "role" | null>(null);
  const after = {
    onSuccess: () => {
      setAsking(null);
      void refresh().then(() => setDone(true));
    },
  };
  const restore = useMutation(trpc.admin.restore.mutationOptions(after));
  const reset = useMutation(trpc.admin.resetSessions.mutationOptions(after));
  const grant = useMutation(trpc.admin.grantRole.mutationOptions(after));
  const [newRole, setNewRole] = useState<Role>(m.role);
  const status = statusOf(m);
  const suspension = suspensionLine(m);
  // A moderator acts on plain members only; nobody suspends or signs out themself here (the server says the same).
  const mayAct = !self && (m.role === "member" || hasRole(role, "admin"));
  const busy = restore.isPending || reset.isPending || grant.isPending;
  return (
    <Card withBorder padding="md">
      <Stack>
        <Group wrap="nowrap" align="flex-start">
          <Avatar src={m.picturePath} alt="" size="lg" radius="xl" />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Title order={2} size="h3" style={{ overflowWrap: "anywhere" }}>
              {m.name}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {m.email}
            </Text>
            <Group gap="xs">
              <Badge color={status.color} variant="light">
                {status.label}
              </Badge>
              <Badge variant="outline">{ROLE_LABELS[m.role]}</Badge>
            </Group>
          </Stack>
        </Group>
        {suspension && (
          <Alert color="red" role="status">
            {suspension}
          </Alert>
        )}
        {done && !busy && (
          <Alert color="teal" role="status" withCloseButton onClose={() => setDone(false)}>
            {adminTexts.adminDone}
          </Alert>
        )}
        {mayAct && (
          <Group>
            {m.status === MemberStatus.Suspended ? (
              <Button color="teal.9" onClick={() => setAsking("restore")}>
                {adminTexts.adminRestore}
              </Button>
            ) : (
              <Button color="red.9" onClick={suspendDialog.open} disabled={m.status === MemberStatus.AwaitingConfirmation}>
                {adminTexts.adminSuspend}
              </Button>
            )}
            <Button variant="default" onClick={() => setAsking("reset")}>
              {adminTexts.adminResetSessions}
            </Button>
          </Group>
        )}
        {hasRole(role, "admin") && (
          <Group align="flex-end">
            <Select
              label={adminTexts.adminRole}
              data={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
              value={newRole}
              onChange={(v) => v && setNewRole(v)}
              allowDeselect={false}
              w={180}
            />
            <Button variant="light" onClick={() => setAsking("role")} disabled={newRole === m.role}>
              {adminTexts.adminSaveRole}
            </Button>
          </Group>
        )}
      </Stack>
      {asking === "restore" && (
        <ReasonDialog
          title={fillText(adminTexts.adminRestoreTitle, { name: m.name })}
          confirmLabel={adminTexts.adminRestore}
          color="teal.9"
          opened
          pending={restore.isPending}
          error={restore.error}
          onClose={() => setAsking(null)}
          onConfirm={(reason) => restore.mutate({ memberId: m.memberId, reason })}
        />
      )}
      {asking === "reset" && (
        <ReasonDialog
          title={fillText(adminTexts.adminResetSessionsTitle, { name: m.name })}
          confirmLabel={adminTexts.adminResetSessions}
          opened
          pending={reset.isPending}
          error={reset.error}
          onClose={() => setAsking(null)}
          onConfirm={(reason) => reset.mutate({ memberId: m.memberId, reason })}
        />
      )}
      {asking === "role" && (
        <ReasonDialog
          title={fillText(adminTexts.adminRoleTitle, { name: m.name, role: ROLE_LABELS[newRole] })}
          confirmLabel={adminTexts.adminSaveRole}
          opened
          pending={grant.isPending}
          error={grant.error}
          onClose={() => setAsking(null)}
          onConfirm={(reason) => grant.mutate({ memberId: m.memberId, role: newRole, reason })}
        />
      )}
      <SuspendDialog
        member={m}
        opened={suspendOpen}
        onClose={suspendDialog.close}
        onSuspended={() => {
          suspendDialog.close();
          void refresh().then(() => setDone(true));
        }}
      />
    </Card>
  );
}
