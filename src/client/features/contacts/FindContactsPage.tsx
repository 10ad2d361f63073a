import { Button, Group, Stack, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type MemberCard, searchInput } from "../../../domains/contacts/contacts.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { rule } from "../../lib/form.ts";
import { trpc } from "../../lib/trpc.ts";
import { useBusyMembers, useContactAction } from "./actions.ts";
import { RequestContactModal } from "./ConfirmModal.tsx";
import { ContactsPage } from "./ContactsPage.tsx";
import { MemberList, MemberRow } from "./MemberRow.tsx";
import { RelationActions } from "./RelationActions.tsx";
import { Suggestions } from "./Suggestions.tsx";

/**
 * Find Contacts (spec sections 2, 4, 5): the suggestion strip, then a search (required, at least
 * one character; it runs only when not empty) whose results offer Add as Contact.
 */
export function FindContactsPage() {
  const [text, setText] = useState("");
  const form = useForm({
    mode: "controlled",
    initialValues: { text: "" },
    validate: { text: rule(searchInput.shape.text) },
  });
  const results = useQuery({ ...trpc.search.members.queryOptions({ text, limit: 50 }), enabled: text !== "" });
  const [requesting, setRequesting] = useState<MemberCard | null>(null);
  const send = useContactAction();
  const busy = useBusyMembers();
  return (
    <ContactsPage title={texts.findContacts}>
      <Stack gap="xs" component="section" aria-labelledby="suggestions-heading">
        <Title order={2} size="h5" id="suggestions-heading">
          {texts.suggestionsHeading}
        </Title>
        <Suggestions layout="strip" label={texts.suggestionsHeading} />
      </Stack>
      <form noValidate role="search" onSubmit={form.onSubmit((values) => setText(values.text.trim()))}>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={texts.findPeople}
            placeholder={texts.searchPlaceholder}
            leftSection={<IconSearch size={16} aria-hidden />}
            maxLength={100}
            required
            style={{ flex: 1 }}
            {...form.getInputProps("text")}
          />
          <Button type="submit" mt={25} loading={results.isFetching}>
            {texts.search}
          </Button>
        </Group>
      </form>
      <ErrorAlert error={results.error ?? send.error} />
      {text && (
        <MemberList
          label={texts.searchResults}
          members={results.error ? [] : results.data}
          height={350}
          emptyText={texts.noConnections}
          renderRow={(member) => (
            <MemberRow
              key={member.memberId}
              member={member}
              busy={busy.has(member.memberId)}
              actions={<RelationActions member={member} onRequest={setRequesting} />}
            />
          )}
        />
      )}
      <RequestContactModal
        member={requesting}
        onSend={(m) => send.mutate({ action: "sendRequest", memberId: m.memberId })}
        onClose={() => setRequesting(null)}
      />
    </ContactsPage>
  );
}
