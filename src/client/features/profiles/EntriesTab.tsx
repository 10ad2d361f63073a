import { Anchor, Button, Group, Modal, Paper, ScrollArea, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { texts } from "../../../shared/texts.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { listMaxHeight } from "../../components/list-height.ts";
import { refreshProfile } from "./refresh.ts";

/** An entry of a profile list (a school, a job): its id and the name its Edit and Remove links carry. */
interface Entry {
  entryId: number;
}

interface Props<E extends Entry> {
  entries: E[];
  /** The accessible name of the list. */
  label: string;
  addLabel: string;
  emptyText: string;
  titles: { add: string; update: string; remove: string };
  nameOf: (entry: E) => string;
  summary: (entry: E) => ReactNode;
  /** The add (entry null) or update form; onDone closes the modal. */
  form: (entry: E | null, onDone: () => void) => ReactNode;
  /** The Yes/No question before removing. */
  removeQuestion: (entry: E) => string;
  remove: (entry: E) => Promise<unknown>;
}

type Editing<E> = { mode: "add" } | { mode: "update"; entry: E } | null;

/**
 * A list of the own profile's entries (Education, Work Experience; spec section 4): an Add button,
 * each entry with Edit and Remove links, the add/update form in a modal, and a Yes/No question
 * before removing. After each change the profile reloads and the modal closes.
 */
export function EntriesTab<E extends Entry>(props: Props<E>) {
  const { entries, label, addLabel, emptyText, titles, nameOf, summary, form } = props;
  const [editing, setEditing] = useState<Editing<E>>(null);
  const [removing, setRemoving] = useState<E | null>(null);
  const closeRemoval = () => {
    setRemoving(null);
    removal.reset(); // the next question starts without the last one's error
  };
  const removal = useMutation({ mutationFn: props.remove, onSuccess: async () => (await refreshProfile(), closeRemoval()) });
  const phone = useMediaQuery("(max-width: 36em)") ?? false;
  return (
    <Stack>
      <Group justify="flex-end">
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ mode: "add" })}>
          {addLabel}
        </Button>
      </Group>
      {entries.length === 0 ? (
        <Text c="dimmed">{emptyText}</Text>
      ) : (
        <ScrollArea.Autosize mah={listMaxHeight(450)} type="auto" offsetScrollbars="present">
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={label}>
            {entries.map((entry) => (
              <Paper key={entry.entryId} component="li" withBorder p="sm" radius="md">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  {summary(entry)}
                  <Group gap="sm" wrap="nowrap">
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      aria-label={`${texts.edit} ${nameOf(entry)}`}
                      onClick={() => setEditing({ mode: "update", entry })}
                    >
                      {texts.edit}
                    </Anchor>
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      c="red"
                      aria-label={`${texts.remove} ${nameOf(entry)}`}
                      onClick={() => setRemoving(entry)}
                    >
                      {texts.remove}
                    </Anchor>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === "update" ? titles.update : titles.add}
        size="lg"
        fullScreen={phone}
      >
        {editing && form(editing.mode === "update" ? editing.entry : null, () => setEditing(null))}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title={titles.remove}
        message={removing ? props.removeQuestion(removing) : ""}
        danger
        pending={removal.isPending}
        error={removal.error}
        onConfirm={() => removing && removal.mutate(removing)}
        onClose={closeRemoval}
      />
    </Stack>
  );
}
