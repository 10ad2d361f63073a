import { AspectRatio, Box, Image, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useDeferredValue } from "react";
import { DEFAULT_NEWS_IMAGE, type NewsItem, shortenNews } from "../../../domains/news/news.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { Carousel } from "../../components/Carousel.tsx";
import { RelativeDate } from "../../components/RelativeDate.tsx";
import { linkKind, SmartLink } from "../../components/SmartLink.tsx";
import { trpc } from "../../lib/trpc.ts";

const NEWS_COUNT = 10;

/** One news item: picture (the default one when it has none), header (the link), date, text cut to 120 characters. */
function NewsSlide({ item }: { item: NewsItem }) {
  const image = linkKind(item.imageUrl) ? item.imageUrl : DEFAULT_NEWS_IMAGE;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <AspectRatio ratio={16 / 9}>
        <Image src={image} fallbackSrc={DEFAULT_NEWS_IMAGE} alt="" radius="sm" />
      </AspectRatio>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={3} size="h5" style={{ overflowWrap: "anywhere" }}>
          {item.navigateUrl ? <SmartLink href={item.navigateUrl}>{item.headerText}</SmartLink> : item.headerText}
        </Title>
        <RelativeDate iso={item.postingDate} />
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {shortenNews(item.text)}
        </Text>
      </Stack>
    </SimpleGrid>
  );
}

/** Recent News (spec sections 2, 3, 9): the newest news items, one at a time. */
export function RecentNews() {
  const news = useQuery({ ...trpc.news.recent.queryOptions({ limit: NEWS_COUNT }), staleTime: 5 * 60_000 });
  return (
    <Carousel<NewsItem>
      title={texts.recentNews}
      items={useDeferredValue(news.data)} // rendered in short slices (see RecentPosts)
      error={news.error}
      emptyText={texts.noNews}
      skeleton={
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" aria-busy>
          <VisuallyHidden>{texts.loading}</VisuallyHidden>
          <AspectRatio ratio={16 / 9}>
            <Skeleton />
          </AspectRatio>
          <Stack gap={8}>
            <Skeleton height={18} width="70%" />
            <Skeleton height={10} width="30%" />
            <Box>
              <Skeleton height={12} mb={6} />
              <Skeleton height={12} mb={6} />
              <Skeleton height={12} width="50%" />
            </Box>
          </Stack>
        </SimpleGrid>
      }
      itemKey={(item) => item.id}
      renderSlide={(item) => <NewsSlide item={item} />}
    />
  );
}
