import { ActionIcon, Loader, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import type { AdminGuideItem } from "../../../domains/admin/content.schema.ts";
import { adminContentTexts as t } from "../../../shared/admin-content-texts.ts";
import { texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { AddContentCard, ContentCard } from "./ContentFields.tsx";

const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries(trpc.admin.content.guide.list.queryFilter()),
    queryClient.invalidateQueries(trpc.news.ads.queryFilter()),
  ]);

/** /admin/guide (admins): the site guide's items (the right column's carousel): add, edit, order, remove. */
export default function SiteGuidePage() {
  const guide = useQuery({ ...trpc.admin.content.guide.list.queryOptions(), staleTime: 0 });
  const order = useMutation(trpc.admin.content.guide.order.mutationOptions({ onSuccess: () => void refresh() }));
  const items = guide.data ?? [];
  /** Swaps an item with its neighbour. */
  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((i) => i.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    order.mutate({ ids });
  };
  return (
    <Stack>
      <Title order={1}>{t.siteGuide}</Title>
      <ErrorAlert error={guide.error ?? order.error} />
      {guide.isPending && <Loader aria-label={texts.loading} />}
      {guide.isSuccess && items.length === 0 && <Text c="dimmed">{t.noGuide}</Text>}
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: "none" }} aria-label={t.siteGuide}>
        {items.map((item, index) => (
          <GuideRow key={item.id} item={item} first={index === 0} last={index === items.length - 1} onMove={(by) => move(index, by)} />
        ))}
      </Stack>
      <AddContentCard title={t.addGuideTitle} add={trpc.admin.content.guide.add.mutationOptions({ onSuccess: () => void refresh() })} />
    </Stack>
  );
}

function GuideRow({ item, first, last, onMove }: { item: AdminGuideItem; first: boolean; last: boolean; onMove: (by: -1 | 1) => void }) {
  return (
    <ContentCard
      item={item}
      edit={trpc.admin.content.guide.edit.mutationOptions({ onSuccess: () => void refresh() })}
      remove={trpc.admin.content.guide.remove.mutationOptions({ onSuccess: () => void refresh() })}
      actions={
        <>
          <ActionIcon variant="subtle" disabled={first} onClick={() => onMove(-1)} aria-label={`${t.moveUp}: ${item.headerText}`}>
            ↑
          </ActionIcon>
          <ActionIcon variant="subtle" disabled={last} onClick={() => onMove(1)} aria-label={`${t.moveDown}: ${item.headerText}`}>
            ↓
          </ActionIcon>
        </>
      }
    />
  );
}
