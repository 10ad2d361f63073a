import { Button, Card, FileInput, Group, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { PHOTO_ACCEPT } from "../../../domains/media/media.schema.ts";
import { adminContentTexts as t } from "../../../shared/admin-content-texts.ts";

/** The fields a news item and a site guide item share. */
export interface ContentValues {
  headerText: string;
  text: string;
  navigateUrl: string;
  imageUrl: string;
}

export const EMPTY_CONTENT: ContentValues = { headerText: "", text: "", navigateUrl: "", imageUrl: "" };

/**
 * A news or site guide item's form. The server checks every field (links http(s) or a site path):
 * its message shows in the page's error alert. Cleared after an add; `onCancel` for an edit.
 */
export function ContentForm({
  initial = EMPTY_CONTENT,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  label,
  uploadImage,
}: {
  initial?: ContentValues;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: ContentValues) => Promise<unknown>;
  onCancel?: () => void;
  label: string;
  /** Uploads a chosen picture and answers its path (news items); the picture field takes it. */
  uploadImage?: (file: File) => Promise<string>;
}) {
  const [values, setValues] = useState(initial);
  const [uploading, setUploading] = useState(false);
  const upload = (file: File | null) => {
    if (!file || !uploadImage) return;
    setUploading(true);
    void uploadImage(file)
      .then(
        (imageUrl) => setValues((v) => ({ ...v, imageUrl })),
        () => undefined,
      )
      .finally(() => setUploading(false));
  };
  const set = (key: keyof ContentValues) => (e: { currentTarget: { value: string } }) =>
    setValues({ ...values, [key]: e.currentTarget.value });
  return (
    <form
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit(values).then(
          () => !onCancel && setValues(EMPTY_CONTENT),
          () => undefined,
        );
      }}
    >
      <Stack gap="xs">
        <TextInput label={t.title} value={values.headerText} onChange={set("headerText")} required maxLength={200} />
        <Textarea label={t.text} value={values.text} onChange={set("text")} autosize minRows={2} maxLength={5000} />
        <TextInput label={t.link} value={values.navigateUrl} onChange={set("navigateUrl")} maxLength={2000} />
        <TextInput label={t.imageUrl} value={values.imageUrl} onChange={set("imageUrl")} maxLength={2000} />
        {uploadImage && (
          <FileInput
            label={t.uploadPicture}
            accept={PHOTO_ACCEPT}
            onChange={upload}
            disabled={uploading}
            placeholder={uploading ? t.uploading : undefined}
            clearable
          />
        )}
        <Group>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t.cancel}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The card that adds a news or site guide item: its title, the form, and the add call's (or the
 * picture upload's) error. `add`: the domain's mutation options (refreshing what shows the items).
 */
export function AddContentCard<TData, TError>({
  title,
  add,
  uploadImage,
  uploadError,
}: {
  title: string;
  add: UseMutationOptions<TData, TError, ContentValues>;
  uploadImage?: (file: File) => Promise<string>;
  uploadError?: unknown;
}) {
  const adding = useMutation(add);
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <ErrorAlert error={adding.error ?? uploadError} />
      <ContentForm
        label={title}
        submitLabel={t.add}
        busy={adding.isPending}
        onSubmit={(v) => adding.mutateAsync(v)}
        uploadImage={uploadImage}
      />
    </Card>
  );
}

/**
 * A news or site guide item in its list: title, text and `meta`, with Edit (the form in place) and
 * Remove; `actions` go before them (the guide's move buttons). `edit` and `remove`: the domain's
 * mutation options (refreshing the lists); either one's error shows on the card.
 */
export function ContentCard<TEdited, TRemoved, TError>({
  item,
  meta,
  actions,
  edit,
  remove,
}: {
  item: ContentValues & { id: number };
  meta?: ReactNode;
  actions?: ReactNode;
  edit: UseMutationOptions<TEdited, TError, ContentValues & { id: number }>;
  remove: UseMutationOptions<TRemoved, TError, { id: number }>;
}) {
  const [editing, setEditing] = useState(false);
  const save = useMutation(edit);
  const removal = useMutation(remove);
  return (
    <Card component="li" withBorder padding="sm" aria-label={item.headerText}>
      <ErrorAlert error={save.error ?? removal.error} />
      {editing ? (
        <ContentForm
          label={`${t.edit}: ${item.headerText}`}
          initial={item}
          submitLabel={t.save}
          busy={save.isPending}
          // The form closes once the change is saved; on an error it stays, with the card's alert.
          onSubmit={(values) => save.mutateAsync({ id: item.id, ...values }).then(() => setEditing(false))}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {item.headerText}
            </Text>
            <Text size="sm" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
              {item.text}
            </Text>
            {meta}
          </Stack>
          <Group gap={4} wrap="nowrap">
            {actions}
            <Button size="xs" variant="light" onClick={() => setEditing(true)} aria-label={`${t.edit}: ${item.headerText}`}>
              {t.edit}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              loading={removal.isPending}
              onClick={() => removal.mutate({ id: item.id })}
              aria-label={`${t.remove}: ${item.headerText}`}
            >
              {t.remove}
            </Button>
          </Group>
        </Group>
      )}
    </Card>
  );
}
