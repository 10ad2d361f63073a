import { Avatar, Combobox, Group, Loader, ScrollArea, Text, TextInput, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { texts } from "../../../shared/texts.ts";
import { trpc } from "../../lib/trpc.ts";

/** Members in the dropdown; Enter shows them all on the search results screen. */
const DROPDOWN_RESULTS = 10;

/**
 * The navbar's live search (spec sections 2, 4, 9): after 300 ms without typing (and only for a new
 * text) a dropdown, at most 350 px high and 340 px wide, lists members with photo, name and
 * city/state. Choosing one (click, or arrows and Enter) opens the profile and clears the box;
 * Enter without a chosen member opens the search results for the text.
 */
export function MemberSearch({ width = 340, autoFocus, onDone }: { width?: number | string; autoFocus?: boolean; onDone?: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const results = useQuery({
    ...trpc.search.members.queryOptions({ text: debounced, limit: DROPDOWN_RESULTS }),
    enabled: debounced !== "",
    placeholderData: keepPreviousData,
  });
  const members = debounced ? (results.data ?? []) : [];

  const finish = () => {
    setText("");
    combobox.closeDropdown();
    onDone?.();
  };
  const openProfile = (memberId: string) => {
    void navigate({ to: "/members/view-profile/show-profile", search: { memberID: Number(memberId) } });
    finish();
  };
  const openResults = () => {
    const searchText = text.trim();
    if (!searchText) return;
    void navigate({ to: "/contacts/search-results", search: { searchText } });
    finish();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={openProfile} width={340} position="bottom-start" zIndex={400}>
      <Combobox.Target withExpandedAttribute>
        <TextInput
          aria-label={texts.searchLabel}
          placeholder={texts.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={results.isFetching ? <Loader size="xs" aria-hidden /> : null}
          w={width}
          maxLength={100}
          autoFocus={autoFocus}
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => text.trim() && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(e) => {
            // A member chosen with the arrows: Combobox submits it. Otherwise Enter shows all results.
            if (e.key === "Enter" && !e.nativeEvent.isComposing && (!combobox.dropdownOpened || combobox.getSelectedOptionIndex() === -1)) {
              e.preventDefault();
              openResults();
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={debounced === "" || (results.data === undefined && !results.isFetching)}>
        <Combobox.Options>
          <ScrollArea.Autosize mah={300} type="scroll">
            {members.map((m) => (
              <Combobox.Option value={String(m.memberId)} key={m.memberId}>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={m.picturePath} alt="" size={32} radius="xl" />
                  {/* The options scroll inside a table-like box: a fixed width lets long names truncate. */}
                  <div style={{ minWidth: 0, maxWidth: 250 }}>
                    <Text size="sm" fw={500} truncate>
                      {m.name}
                    </Text>
                    {(m.location || m.profileType) && (
                      <Text size="xs" c="dimmed" truncate>
                        {m.location || m.profileType}
                      </Text>
                    )}
                  </div>
                </Group>
              </Combobox.Option>
            ))}
            {results.data && members.length === 0 && <Combobox.Empty>{texts.noContactsFound}</Combobox.Empty>}
            {results.data === undefined && results.isFetching && <Combobox.Empty>{texts.loading}</Combobox.Empty>}
          </ScrollArea.Autosize>
        </Combobox.Options>
        {members.length > 0 && (
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              {texts.searchSeeAll}
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
