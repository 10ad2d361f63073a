import { Button, Card, CopyButton, Group, Loader, Radio, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { SiteInfo } from "../../../domains/site/site.schema.ts";
import { adminContentTexts as t } from "../../../shared/admin-content-texts.ts";
import { fillText, texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { queryClient, trpc } from "../../lib/trpc.ts";

/** /admin/site (admins): the site's name, about and terms texts, who may register, and invite codes. */
export default function SiteSettingsPage() {
  const settings = useQuery({ ...trpc.admin.content.settings.get.queryOptions(), staleTime: 0 });
  return (
    <Stack>
      <Title order={1}>{t.siteSettings}</Title>
      <ErrorAlert error={settings.error} />
      {settings.isPending && <Loader aria-label={texts.loading} />}
      {settings.data && <SettingsForm initial={settings.data} />}
      <Invites />
    </Stack>
  );
}

function SettingsForm({ initial }: { initial: SiteInfo }) {
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.admin.content.settings.update.mutationOptions({
      onSuccess: (info) => {
        queryClient.setQueryData(trpc.site.info.queryKey(), info);
        setSaved(true);
      },
    }),
  );
  const set = (key: "siteName" | "aboutText" | "termsText") => (e: { currentTarget: { value: string } }) => {
    setSaved(false);
    setValues({ ...values, [key]: e.currentTarget.value });
  };
  return (
    <Card withBorder padding="md">
      <form
        aria-label={t.siteSettings}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(values);
        }}
      >
        <Stack gap="sm">
          <ErrorAlert error={save.error} />
          <TextInput label={t.siteName} value={values.siteName} onChange={set("siteName")} required maxLength={60} />
          <Textarea label={t.aboutText} value={values.aboutText} onChange={set("aboutText")} autosize minRows={3} maxRows={12} />
          <Textarea label={t.termsText} value={values.termsText} onChange={set("termsText")} autosize minRows={3} maxRows={12} />
          <Radio.Group
            label={t.registration}
            value={values.registration}
            onChange={(v) => {
              setSaved(false);
              setValues({ ...values, registration: v });
            }}
          >
            <Stack gap={6} mt={4}>
              <Radio value="open" label={t.registrationOpen} />
              <Radio value="invite-only" label={t.registrationInviteOnly} />
              <Radio value="closed" label={t.registrationModeClosed} />
            </Stack>
          </Radio.Group>
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t.save}
            </Button>
            {saved && (
              <Text size="sm" c="teal" role="status">
                {t.saved}
              </Text>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Invites() {
  const invites = useQuery({ ...trpc.admin.content.settings.invites.queryOptions(), staleTime: 0 });
  const invalidate = () => queryClient.invalidateQueries(trpc.admin.content.settings.invites.queryFilter());
  const create = useMutation(trpc.admin.content.settings.createInvite.mutationOptions({ onSuccess: () => void invalidate() }));
  const remove = useMutation(trpc.admin.content.settings.removeInvite.mutationOptions({ onSuccess: () => void invalidate() }));
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="xs">
        {t.invitesTitle}
      </Title>
      <ErrorAlert error={invites.error ?? create.error ?? remove.error} />
      {invites.data?.length === 0 && <Text c="dimmed">{t.noInvites}</Text>}
      <Stack gap={6} component="ul" p={0} m={0} mb="sm" style={{ listStyle: "none" }} aria-label={t.invitesTitle}>
        {invites.data?.map((i) => {
          const link = `${location.origin}/register?code=${i.code}`;
          return (
            <Group component="li" key={i.code} justify="space-between" wrap="wrap">
              <Text ff="monospace">{i.code}</Text>
              {i.usedByEmail ? (
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {fillText(t.inviteUsed, { email: i.usedByEmail })}
                </Text>
              ) : (
                <Group gap="xs">
                  <CopyButton value={link}>
                    {({ copied, copy }) => (
                      <Button size="xs" variant="light" onClick={copy} aria-label={`${t.inviteLink}: ${i.code}`}>
                        {copied ? t.copied : t.inviteLink}
                      </Button>
                    )}
                  </CopyButton>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => remove.mutate({ code: i.code })}
                    aria-label={`${t.remove}: ${i.code}`}
                  >
                    {t.remove}
                  </Button>
                </Group>
              )}
            </Group>
          );
        })}
      </Stack>
      <Button variant="light" loading={create.isPending} onClick={() => create.mutate()} style={{ alignSelf: "flex-start" }}>
        {t.createInvite}
      </Button>
    </Card>
  );
}
