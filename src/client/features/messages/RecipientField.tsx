import { Avatar, Combobox, Group, Loader, ScrollArea, Text, TextInput, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconUser } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { MessageParty } from "../../../domains/messages/messages.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { trpc } from "../../lib/trpc.ts";

/** Suggestions shown at once. */
const SUGGESTIONS = 10;

interface Props {
  text: string;
  /** The contact picked from the suggestions; typing again drops it. */
  picked: MessageParty | null;
  error?: string | null;
  onText: (text: string) => void;
  onPick: (member: MessageParty) => void;
}

/**
 * The To field of Compose New Message (spec sections 2, 5, 7): after 300 ms without typing (and only
 * for a new text) the member's contacts who may be written to, with photo and name. The recipient is
 * the contact picked (click, or arrows and Enter); a typed name alone is no recipient.
 */
export function RecipientField({ text, picked, error, onText, onPick }: Props) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const searching = debounced !== "" && picked === null;
  const results = useQuery({
    ...trpc.messages.recipients.queryOptions({ text: debounced, limit: SUGGESTIONS }),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  const members = searching ? (results.data ?? []) : [];

  const pick = (value: string) => {
    const member = members.find((m) => String(m.memberId) === value);
    if (!member) return;
    onPick({ memberId: member.memberId, name: member.name, picturePath: member.picturePath });
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick} position="bottom-start">
      <Combobox.Target withExpandedAttribute>
        <TextInput
          label={texts.messageTo}
          placeholder={texts.messageToPlaceholder}
          required
          autoComplete="off"
          maxLength={100}
          data-autofocus={picked ? undefined : true}
          error={error}
          leftSection={picked ? <Avatar src={picked.picturePath} alt="" size={22} radius="xl" /> : <IconUser size={16} aria-hidden />}
          rightSection={searching && results.isFetching ? <Loader size="xs" aria-hidden /> : null}
          value={text}
          onChange={(e) => {
            onText(e.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => searching && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching || (results.data === undefined && !results.isFetching)}>
        <Combobox.Options>
          <ScrollArea.Autosize mah={260} type="scroll">
            {members.map((m) => (
              <Combobox.Option value={String(m.memberId)} key={m.memberId}>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={m.picturePath} alt="" size={32} radius="xl" />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {m.name}
                    </Text>
                    {(m.title || m.location) && (
                      <Text size="xs" c="dimmed" truncate>
                        {m.title || m.location}
                      </Text>
                    )}
                  </div>
                </Group>
              </Combobox.Option>
            ))}
            {results.data && members.length === 0 && <Combobox.Empty>{texts.messageNoRecipients}</Combobox.Empty>}
            {results.data === undefined && results.isFetching && <Combobox.Empty>{texts.loading}</Combobox.Empty>}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
