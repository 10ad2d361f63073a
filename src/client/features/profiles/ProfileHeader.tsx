import { Avatar, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { texts } from "../../../shared/texts.ts";

interface Props {
  name: string;
  title: string;
  picturePath: string;
  /** Controls under the name (the edit screen's Change photo). */
  children?: ReactNode;
}

/** The header of both profile screens: photo, name and title. */
export function ProfileHeader({ name, title, picturePath, children }: Props) {
  return (
    <Card>
      <Group gap="lg" wrap="wrap" align="flex-start">
        <Avatar src={picturePath} alt={`${texts.profilePhotoOf} ${name}`} size={112} radius={112} />
        <Stack gap={4} style={{ flex: "1 1 220px", minWidth: 0 }}>
          <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
            {name}
          </Title>
          {title && (
            <Text c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {title}
            </Text>
          )}
          {children}
        </Stack>
      </Group>
    </Card>
  );
}
