import { Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery } from "@tanstack/react-query";
import { IconLock } from "@tabler/icons-react";
import { SECURITY_QUESTIONS, type SecurityQuestionInfo, securityQuestionInput } from "../../../domains/settings/settings.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { rule } from "../../lib/form.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { SaveBar } from "../../components/SaveBar.tsx";
import { selectProps } from "../../components/select-props.ts";
import { TabLoading } from "./TabLoading.tsx";

const field = securityQuestionInput.shape;
const questions = SECURITY_QUESTIONS.map((q) => ({ value: String(q.id), label: q.text }));

/**
 * Security Questions (spec sections 3, 5): one of six questions and an answer. The stored answer
 * is never sent back: the tab only says that one is set.
 */
export function SecurityQuestionTab() {
  const info = useQuery(trpc.settings.securityQuestion.queryOptions());
  if (!info.data) return <TabLoading error={info.error} />;
  return <SecurityQuestionForm info={info.data} />;
}

function SecurityQuestionForm({ info }: { info: SecurityQuestionInfo }) {
  const form = useForm({
    mode: "controlled",
    initialValues: { questionId: info.questionId ? String(info.questionId) : "", answer: "" },
    validateInputOnBlur: true,
    validate: { questionId: rule(field.questionId), answer: rule(field.answer) },
  });
  const save = useMutation(
    trpc.settings.saveSecurityQuestion.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.settings.securityQuestion.queryKey(), saved);
        form.setFieldValue("answer", "");
        form.resetTouched();
      },
    }),
  );
  const hasAnswer = save.data?.hasAnswer ?? info.hasAnswer;
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack>
        <Text size="sm" c="dimmed">
          {texts.securityQuestionIntro}
        </Text>
        {hasAnswer ? (
          <Group gap="xs" wrap="nowrap" align="flex-start" c="teal">
            <IconLock size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" c="inherit">
              {texts.securityAnswerIsSet}
            </Text>
          </Group>
        ) : (
          <Text size="sm">{texts.securityAnswerNotSet}</Text>
        )}
        <Select
          label={texts.securityQuestion}
          placeholder={texts.select}
          data={questions}
          required
          allowDeselect={false}
          {...selectProps(form.getInputProps("questionId"))}
        />
        <TextInput label={texts.securityAnswer} autoComplete="off" required {...form.getInputProps("answer")} />
        <SaveBar saving={save.isPending} saved={save.isSuccess} error={save.error} />
      </Stack>
    </form>
  );
}
