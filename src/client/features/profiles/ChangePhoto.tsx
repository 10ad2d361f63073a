import { Avatar, Button, FileInput, Group, Input, Stack, Text } from "@mantine/core";
import { IconPhotoUp } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { PHOTO_ACCEPT, PHOTO_FIELD, precheckPhoto } from "../../../domains/media/media.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { trpc } from "../../lib/trpc.ts";
import { refreshProfile } from "./refresh.ts";

/** Accepted MIME types when the browser names one (the server decides by the file's content). */
const IMAGE_TYPES = /^image\/(jpeg|png|svg\+xml|gif)$/;

/** The spec's message for a chosen file, checked in the browser before anything is sent (section 5). */
function checkPhoto(file: File | null): string | null {
  const id = precheckPhoto(file);
  if (id) return texts[id];
  if (file && file.type && !IMAGE_TYPES.test(file.type)) return texts.uploadFileTypes;
  return null;
}

/**
 * Change photo: choose an image (.jpg, .jpeg, .png, .svg, .gif up to 3,000,000 bytes), then upload
 * it. On success the header and the navbar show the new picture. With `withPreview` the chosen
 * image shows before it is sent (as a data: URL, which the CSP allows; blob: URLs it does not).
 */
export function ChangePhoto({ withPreview = false }: { withPreview?: boolean }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    setPreview(null);
    if (!withPreview || !file || checkPhoto(file)) return;
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === "string" ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file, withPreview]);
  const upload = useMutation(
    trpc.media.uploadProfilePhoto.mutationOptions({
      onSuccess: async () => {
        setFile(null);
        await refreshProfile();
      },
    }),
  );
  const choose = (chosen: File | null) => {
    upload.reset();
    setFile(chosen);
    setError(chosen ? checkPhoto(chosen) : null);
  };
  const send = () => {
    const problem = checkPhoto(file);
    setError(problem);
    if (problem || !file) return;
    const body = new FormData();
    body.append(PHOTO_FIELD, file);
    upload.mutate(body);
  };
  return (
    <Stack gap={4} mt="xs">
      <Input.Label htmlFor={inputId}>{texts.changePhoto}</Input.Label>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <FileInput
          id={inputId}
          placeholder={texts.choosePhoto}
          accept={PHOTO_ACCEPT}
          value={file}
          onChange={choose}
          error={error}
          clearable
          leftSection={<IconPhotoUp size={16} aria-hidden />}
          style={{ flex: "1 1 180px", maxWidth: 320 }}
        />
        <Button onClick={send} disabled={upload.isPending} variant="light" style={{ flexShrink: 0 }}>
          {upload.isPending ? texts.uploading : texts.uploadPhoto}
        </Button>
      </Group>
      {preview && <Avatar src={preview} alt={texts.photoPreview} size={112} radius={112} mt="xs" />}
      {upload.isSuccess && (
        <Text size="sm" c="teal" role="status">
          {texts.photoUploaded}
        </Text>
      )}
      <ErrorAlert error={upload.error} />
    </Stack>
  );
}
