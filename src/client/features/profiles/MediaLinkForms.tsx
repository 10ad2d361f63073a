import { Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { photoAccountInput, videoChannelInput } from "../../../domains/profiles/profiles.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { rule } from "../../lib/form.ts";
import { trpc } from "../../lib/trpc.ts";
import { refreshProfile } from "./refresh.ts";
import { SaveBar } from "./SaveBar.tsx";

/** Photos: the address of the member's public photo account (spec sections 2, 5). */
export function PhotoAccountForm({ url }: { url: string }) {
  const form = useForm({
    mode: "controlled",
    initialValues: { photoAccountUrl: url },
    validateInputOnBlur: true,
    validate: { photoAccountUrl: rule(photoAccountInput.shape.photoAccountUrl) },
  });
  const save = useMutation(
    trpc.profiles.setPhotoAccount.mutationOptions({
      onSuccess: async (saved) => {
        form.setValues(saved);
        form.resetDirty(saved);
        await refreshProfile();
      },
    }),
  );
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack>
        <Text>{texts.photosInstructions}</Text>
        <TextInput
          label={texts.photoAccountUrl}
          description={texts.photoAccountHint}
          type="url"
          required
          {...form.getInputProps("photoAccountUrl")}
        />
        <SaveBar saving={save.isPending} saved={save.isSuccess} error={save.error} />
      </Stack>
    </form>
  );
}

/** Videos: the ID of the member's public video channel (spec sections 2, 5). */
export function VideoChannelForm({ channelId }: { channelId: string }) {
  const form = useForm({
    mode: "controlled",
    initialValues: { channelId },
    validateInputOnBlur: true,
    validate: { channelId: rule(videoChannelInput.shape.channelId) },
  });
  const save = useMutation(
    trpc.profiles.setVideoChannel.mutationOptions({
      onSuccess: async (saved) => {
        form.setValues(saved);
        form.resetDirty(saved);
        await refreshProfile();
      },
    }),
  );
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack>
        <Text>{texts.videosInstructions}</Text>
        <TextInput
          label={texts.channelId}
          description={texts.channelIdHint}
          required
          autoComplete="off"
          {...form.getInputProps("channelId")}
        />
        <SaveBar saving={save.isPending} saved={save.isSuccess} error={save.error} />
      </Stack>
    </form>
  );
}
