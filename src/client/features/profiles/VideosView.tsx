import { Anchor, Button, Card, Group, Image, Loader, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconArrowLeft, IconBrandYoutube } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { channelUrl, type VideoPlaylist, videoUrl } from "../../../domains/videos/videos.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { trpc } from "../../lib/trpc.ts";

/** Shown where a thumbnail cannot be loaded (the page's CSP allows data: images). */
const PLACEHOLDER =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="#868e96"/><path d="M6.5 2.5v4l3.5-2z" fill="#f1f3f5"/></svg>',
  );

const published = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });
const formatPublished = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : published.format(date);
};

/**
 * Videos of a profile (spec section 2): the channel's playlists as thumbnails; choosing one lists
 * its videos (title, description, published date), each linking to the video site.
 */
export function VideosView({ memberId, channelId }: { memberId: number; channelId: string }) {
  const [chosen, setChosen] = useState<VideoPlaylist | null>(null);
  return (
    <Stack>
      {channelId && (
        <Anchor href={channelUrl(channelId)} target="_blank" rel="noopener noreferrer" w="fit-content">
          <Group gap={6} wrap="nowrap" component="span">
            <IconBrandYoutube size={18} aria-hidden />
            <span>{texts.seeChannel}</span>
          </Group>
        </Anchor>
      )}
      {chosen ? (
        <PlaylistVideos playlist={chosen} onBack={() => setChosen(null)} />
      ) : (
        <Playlists memberId={memberId} onChoose={setChosen} />
      )}
    </Stack>
  );
}

function Playlists({ memberId, onChoose }: { memberId: number; onChoose: (p: VideoPlaylist) => void }) {
  const playlists = useQuery(trpc.videos.playlists.queryOptions({ memberId }));
  if (playlists.error) return <ErrorAlert error={playlists.error} />;
  if (!playlists.data) return <Loader size="sm" aria-label={texts.pleaseWait} />;
  if (playlists.data.length === 0) return <Text c="dimmed">{texts.noPlaylists}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" aria-label={texts.playlists} role="group">
      {playlists.data.map((p) => (
        <UnstyledButton key={p.id} onClick={() => onChoose(p)} aria-label={`${texts.openPlaylist} ${p.title}`}>
          <Card padding="xs" h="100%">
            <Card.Section>
              <Image src={p.defaultThumbnail || PLACEHOLDER} fallbackSrc={PLACEHOLDER} alt="" h={120} fit="cover" />
            </Card.Section>
            <Text fw={600} size="sm" mt="xs" lineClamp={2}>
              {p.title}
            </Text>
            {p.description && (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {p.description}
              </Text>
            )}
          </Card>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

function PlaylistVideos({ playlist, onBack }: { playlist: VideoPlaylist; onBack: () => void }) {
  const videos = useQuery(trpc.videos.videos.queryOptions({ playlistId: playlist.id }));
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Text fw={700}>{playlist.title}</Text>
        <Button variant="subtle" size="xs" leftSection={<IconArrowLeft size={14} aria-hidden />} onClick={onBack}>
          {texts.backToPlaylists}
        </Button>
      </Group>
      {videos.error ? (
        <ErrorAlert error={videos.error} />
      ) : !videos.data ? (
        <Loader size="sm" aria-label={texts.pleaseWait} />
      ) : videos.data.length === 0 ? (
        <Text c="dimmed">{texts.noVideos}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {videos.data.map((v) => (
            <Card key={v.id} component="li" padding="sm">
              <Group align="flex-start" wrap="nowrap" gap="sm">
                <Image
                  src={v.thumbnail || PLACEHOLDER}
                  fallbackSrc={PLACEHOLDER}
                  alt=""
                  w={120}
                  h={68}
                  radius="sm"
                  fit="cover"
                  visibleFrom="xs"
                />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Anchor href={videoUrl(v.id)} target="_blank" rel="noopener noreferrer" fw={600}>
                    {v.title}
                  </Anchor>
                  {v.publishedAt && (
                    <Text size="xs" c="dimmed">
                      {texts.published} {formatPublished(v.publishedAt)}
                    </Text>
                  )}
                  {v.description && (
                    <Text size="sm" lineClamp={3} style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                      {v.description}
                    </Text>
                  )}
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
