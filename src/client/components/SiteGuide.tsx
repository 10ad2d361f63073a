import { Skeleton, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useDeferredValue } from "react";
import type { AdItem } from "../../domains/news/news.schema.ts";
import { texts } from "../../shared/texts.ts";
import { withSiteName } from "../lib/site-name.ts";
import { trpc } from "../lib/trpc.ts";
import { Carousel } from "./Carousel.tsx";
import { SmartLink } from "./SmartLink.tsx";

/**
 * The right column's Site Guide (spec section 2): tips on using Sideline, one at a time, without
 * those about first-hour steps the member has done (onboarding.siteGuide).
 */
export function SiteGuide() {
  const guide = useQuery(trpc.onboarding.siteGuide.queryOptions());
  return (
    <Carousel<AdItem>
      title={texts.siteGuide}
      titleSize="h5"
      items={useDeferredValue(guide.data)} // rendered in short slices (see RecentPosts)
      error={guide.error}
      emptyText={withSiteName(texts.siteGuideEmpty)}
      intervalMs={10_000}
      skeleton={
        <Stack gap={6}>
          <Skeleton height={16} width="70%" />
          <Skeleton height={12} />
          <Skeleton height={12} />
          <Skeleton height={12} width="60%" />
        </Stack>
      }
      itemKey={(item) => item.id}
      renderSlide={(item) => (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {item.headerText}
          </Text>
          <Text size="sm" c="dimmed">
            {item.textField}
          </Text>
          {item.navigateUrl && (
            <SmartLink href={item.navigateUrl} size="sm" aria-label={`${texts.learnMore}: ${item.headerText}`}>
              {texts.learnMore}
            </SmartLink>
          )}
        </Stack>
      )}
    />
  );
}
