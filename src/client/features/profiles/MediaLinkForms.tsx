import { Stack, Text, TextInput, type TextInputProps } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { photoAccountInput, videoChannelInput } from "../../../domains/profiles/profiles.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { rule } from "../../lib/form.ts";
import { trpcClient } from "../../lib/trpc.ts";
import { refreshProfile } from "./refresh.ts";
import { SaveBar } from "../../components/SaveBar.tsx";

interface SingleLinkFormProps {
  value: string;
  instructions: string;
  label: string;
  description: string;
  validate: (value: unknown) => string | null;
  save: (value: string) => Promise<unknown>;
  inputProps?: Partial<TextInputProps>;
}

/** A tab with instructions and one required field, saved on its own (Photos, Videos). */
function SingleLinkForm({ value, instructions, label, description, validate, save, inputProps }: SingleLinkFormProps) {
  const form = useForm({ mode: "controlled", initialValues: { value }, validateInputOnBlur: true, validate: { value: validate } });
  const saving = useMutation({
    mutationFn: (next: string) => save(next),
    onSuccess: async () => {
      form.resetDirty();
      await refreshProfile();
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => saving.mutate(values.value.trim()))}>
      <Stack>
        <Text>{instructions}</Text>
        <TextInput label={label} description={description} required {...inputProps} {...form.getInputProps("value")} />
        <SaveBar saving={saving.isPending} saved={saving.isSuccess} error={saving.error} />
      </Stack>
    </form>
  );
}

/** Photos: the address of the member's public photo account (spec sections 2, 5). */
export function PhotoAccountForm({ url }: { url: string }) {
  return (
    <SingleLinkForm
      value={url}
      instructions={texts.photosInstructions}
      label={texts.photoAccountUrl}
      description={texts.photoAccountHint}
      validate={rule(photoAccountInput.shape.photoAccountUrl)}
      save={(photoAccountUrl) => trpcClient.profiles.setPhotoAccount.mutate({ photoAccountUrl })}
      inputProps={{ type: "url" }}
    />
  );
}

/** Videos: the ID of the member's public video channel (spec sections 2, 5). */
export function VideoChannelForm({ channelId }: { channelId: string }) {
  return (
    <SingleLinkForm
      value={channelId}
      instructions={texts.videosInstructions}
      label={texts.channelId}
      description={texts.channelIdHint}
      validate={rule(videoChannelInput.shape.channelId)}
      save={(id) => trpcClient.profiles.setVideoChannel.mutate({ channelId: id })}
      inputProps={{ autoComplete: "off" }}
    />
  );
}
