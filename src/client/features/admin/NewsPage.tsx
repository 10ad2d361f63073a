import { Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminNewsItem } from "../../../domains/admin/content.schema.ts";
import { PHOTO_FIELD } from "../../../domains/media/media.schema.ts";
import { adminContentTexts as t } from "../../../shared/admin-content-texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { RelativeDate } from "../../components/RelativeDate.tsx";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { AddContentCard, ContentCard } from "./ContentFields.tsx";
import { ShowMore } from "./ShowMore.tsx";

const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries(trpc.admin.content.news.list.infiniteQueryFilter()),
    queryClient.invalidateQueries(trpc.news.recent.queryFilter()),
  ]);

/** /admin/news (admins): add, edit and remove news items; the feeds the hourly import reads. */
export default function NewsPage() {
  const news = useInfiniteQuery({
    ...trpc.admin.content.news.list.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
    staleTime: 0,
  });
  const upload = useMutation(trpc.admin.content.news.uploadImage.mutationOptions());
  const uploadImage = async (file: File) => {
    const body = new FormData();
    body.append(PHOTO_FIELD, file);
    return (await upload.mutateAsync(body)).imageUrl;
  };
  const items = news.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack>
      <Title order={1}>{t.news}</Title>
      <AddContentCard
        title={t.addNewsTitle}
        add={trpc.admin.content.news.add.mutationOptions({ onSuccess: () => void refresh() })}
        uploadImage={uploadImage}
        uploadError={upload.error}
      />
      <ErrorAlert error={news.error} />
      {news.isSuccess && items.length === 0 && <Text c="dimmed">{t.noNews}</Text>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t.news}>
        {items.map((item) => (
          <NewsRow key={item.id} item={item} />
        ))}
      </Stack>
      <ShowMore list={news} />
      <Feeds />
    </Stack>
  );
}

function NewsRow({ item }: { item: AdminNewsItem }) {
  return (
    <ContentCard
      item={item}
      edit={trpc.admin.content.news.edit.mutationOptions({ onSuccess: () => void refresh() })}
      remove={trpc.admin.content.news.remove.mutationOptions({ onSuccess: () => void refresh() })}
      meta={
        <Group gap="xs">
          <RelativeDate iso={item.postingDate} size="xs" c="dimmed" />
          <Text size="xs" c="dimmed">
            {item.source}
          </Text>
        </Group>
      }
    />
  );
}

function Feeds() {
  const feeds = useQuery({ ...trpc.admin.content.feeds.list.queryOptions(), staleTime: 0 });
  const invalidate = () => queryClient.invalidateQueries(trpc.admin.content.feeds.list.queryFilter());
  const [url, setUrl] = useState("");
  const add = useMutation(trpc.admin.content.feeds.add.mutationOptions({ onSuccess: () => void invalidate().then(() => setUrl("")) }));
  const remove = useMutation(trpc.admin.content.feeds.remove.mutationOptions({ onSuccess: () => void invalidate() }));
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4">
        {t.feedsTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t.feedsHelp}
      </Text>
      <ErrorAlert error={feeds.error ?? add.error ?? remove.error} />
      {feeds.data?.length === 0 && <Text c="dimmed">{t.noFeeds}</Text>}
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t.feedsTitle}>
        {feeds.data?.map((f) => (
          <Group component="li" key={f.id} justify="space-between" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {f.url}
            </Text>
            <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate({ id: f.id })} aria-label={`${t.remove}: ${f.url}`}>
              {t.remove}
            </Button>
          </Group>
        ))}
      </Stack>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ url: url.trim() });
        }}
      >
        <Group align="flex-end" mt="sm">
          <TextInput
            label={t.feedUrl}
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            type="url"
            required
            style={{ flex: "1 1 240px" }}
          />
          <Button type="submit" loading={add.isPending}>
            {t.add}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
