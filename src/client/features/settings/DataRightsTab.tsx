import { Alert, Badge, Button, Card, Divider, Group, Loader, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { IconCircleCheck, IconDownload, IconFileZip, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import type { DataExportItem } from "../../../domains/datarights/datarights.schema.ts";
import { dataRightsTexts as t } from "../../../shared/data-rights-texts.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { RelativeDate } from "../../components/RelativeDate.tsx";
import { forgetSession } from "../../lib/session.ts";
import { withSiteName } from "../../lib/site-name.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { TabLoading } from "./TabLoading.tsx";

const waiting = (e: DataExportItem) => e.status === "pending" || e.status === "building";

/** "Your data" (decision 036): ask for an archive of one's data and download it; delete the account. */
export function DataRightsTab() {
  return (
    <Stack gap="xl">
      <ExportSection />
      <Divider />
      <DeleteSection />
    </Stack>
  );
}

function ExportSection() {
  // While an archive is being prepared the list is asked again every 5 s (the worker's pace).
  const exports = useQuery({
    ...trpc.dataRights.exports.queryOptions(),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.some(waiting) ? 5_000 : false),
  });
  const request = useMutation(
    trpc.dataRights.requestExport.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.dataRights.exports.queryFilter()),
    }),
  );
  const busy = request.isPending || Boolean(exports.data?.some(waiting));
  return (
    <Stack component="section" aria-labelledby="export-title">
      <Title order={2} size="h4" id="export-title">
        {t.exportTitle}
      </Title>
      <Text size="sm" c="dimmed">
        {withSiteName(t.exportIntro)}
      </Text>
      <ErrorAlert error={request.error} />
      {request.isSuccess && exports.data?.some(waiting) && (
        <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          {t.exportRequested}
        </Alert>
      )}
      <Group>
        <Button
          leftSection={request.isPending ? <Loader size={14} /> : <IconFileZip size={16} aria-hidden />}
          disabled={busy}
          onClick={() => request.mutate()}
        >
          {t.exportRequest}
        </Button>
      </Group>
      {!exports.data ? (
        <TabLoading error={exports.error} rows={1} />
      ) : exports.data.length === 0 ? (
        <Text size="sm">{t.exportNone}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t.exportTitle}>
          {exports.data.map((e) => (
            <ExportRow key={e.id} item={e} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ExportRow({ item }: { item: DataExportItem }) {
  const label = { pending: t.exportPending, building: t.exportPending, ready: t.exportReady, failed: t.exportFailed }[item.status];
  const color = { pending: "gray", building: "gray", ready: "teal", failed: "red" }[item.status];
  return (
    <Card component="li" padding="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Badge color={color} variant="light">
              {label}
            </Badge>
            {waiting(item) && <Loader size="xs" aria-hidden />}
          </Group>
          <Text size="sm" c="dimmed">
            {t.exportAskedAt} <RelativeDate iso={item.createdAt} size="sm" />
          </Text>
          {item.expiresAt && item.status === "ready" && (
            <Text size="xs" c="dimmed">
              {t.exportExpires} <RelativeDate iso={item.expiresAt} size="xs" />
            </Text>
          )}
        </Stack>
        {item.downloadUrl && (
          <Button component="a" href={item.downloadUrl} download variant="light" leftSection={<IconDownload size={16} aria-hidden />}>
            {t.exportDownload}
          </Button>
        )}
      </Group>
    </Card>
  );
}

function DeleteSection() {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState(false);
  const [confirming, confirm] = useDisclosure(false);
  const remove = useMutation(
    trpc.dataRights.deleteAccount.mutationOptions({
      onSuccess: () => {
        confirm.close();
        forgetSession();
        void navigate({ to: "/" });
      },
      onError: () => confirm.close(),
    }),
  );
  return (
    <Stack component="section" aria-labelledby="delete-title">
      <Title order={2} size="h4" id="delete-title">
        {t.deleteTitle}
      </Title>
      <Text size="sm" c="dimmed">
        {t.deleteIntro}
      </Text>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setMissing(password === "");
          if (password !== "") confirm.open();
        }}
      >
        <Stack>
          <ErrorAlert error={remove.error} />
          <PasswordInput
            label={t.deletePassword}
            autoComplete="current-password"
            value={password}
            error={missing ? t.deletePasswordRequired : undefined}
            onChange={(e) => setPassword(e.currentTarget.value)}
            maw={360}
          />
          <Group>
            <Button type="submit" color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />}>
              {t.deleteButton}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* A failure closes the dialog: the form shows it, where the password is typed again. */}
      <ConfirmDialog
        opened={confirming}
        title={t.deleteConfirmTitle}
        message={t.deleteConfirmBody}
        confirmLabel={t.deleteButton}
        cancelLabel={t.deleteCancel}
        danger
        pending={remove.isPending}
        busyLabel={t.deleting}
        onConfirm={() => remove.mutate({ password })}
        onClose={confirm.close}
      />
    </Stack>
  );
}
