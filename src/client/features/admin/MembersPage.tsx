import { Anchor, Avatar, Badge, Card, Checkbox, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import type { AdminMember } from "../../../domains/admin/admin.schema.ts";
import { ROLES, type Role } from "../../../shared/members.ts";
import { adminTexts } from "../../../shared/admin-texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { trpc } from "../../lib/trpc.ts";
import { adminLink } from "./admin-link.ts";
import { ShowMore } from "./ShowMore.tsx";
import { ROLE_LABELS, statusOf, suspensionLine } from "./labels.ts";

const ROLE_OPTIONS = [{ value: "", label: adminTexts.adminAnyRole }, ...ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))];

/** /admin/members: find members by the beginning of a name or e-mail, by role, suspended ones; newest first, page by page. */
export function MembersPage() {
  const [query, setQuery] = useState("");
  const [roleFilter, setRoleFilter] = useState<Role | "">("");
  const [suspendedOnly, setSuspendedOnly] = useState(false);
  const [debounced] = useDebouncedValue(query.trim(), 300);
  const input = { query: debounced || undefined, role: roleFilter || undefined, suspendedOnly: suspendedOnly || undefined };
  const members = useInfiniteQuery({
    ...trpc.admin.members.infiniteQueryOptions(input, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const items = members.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack>
      <Title order={1}>{adminTexts.adminMembers}</Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={adminTexts.adminSearchLabel}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          maxLength={100}
          style={{ flex: "1 1 220px" }}
        />
        <Select
          label={adminTexts.adminRoleFilter}
          data={ROLE_OPTIONS}
          value={roleFilter}
          onChange={(v) => setRoleFilter((v ?? "") as Role | "")}
          allowDeselect={false}
          w={160}
        />
        <Checkbox
          label={adminTexts.adminSuspendedFilter}
          checked={suspendedOnly}
          onChange={(e) => setSuspendedOnly(e.currentTarget.checked)}
          mb={8}
        />
      </Group>
      <ErrorAlert error={members.error} />
      {members.isSuccess && items.length === 0 && <Text c="dimmed">{adminTexts.adminNoMembers}</Text>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={adminTexts.adminMembers}>
        {items.map((m) => (
          <MemberRow key={m.memberId} member={m} />
        ))}
      </Stack>
      <ShowMore list={members} />
    </Stack>
  );
}

function MemberRow({ member: m }: { member: AdminMember }) {
  const status = statusOf(m);
  const suspension = suspensionLine(m);
  return (
    <Card component="li" padding="sm" withBorder aria-label={m.name}>
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={m.picturePath} alt="" radius="xl" />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Anchor renderRoot={(props) => <Link {...props} {...adminLink(`members/${m.memberId}`)} />} fw={600}>
            {m.name}
          </Anchor>
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {m.email}
          </Text>
          {suspension && (
            <Text size="sm" c="red.8" style={{ overflowWrap: "anywhere" }}>
              {suspension}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end">
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
          {m.role !== "member" && <Badge variant="outline">{ROLE_LABELS[m.role]}</Badge>}
        </Stack>
      </Group>
    </Card>
  );
}
