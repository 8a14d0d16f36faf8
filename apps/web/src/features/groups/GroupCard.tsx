import type { Group as GroupEntity } from "@atrium/domain";
import { Avatar, Card, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "../../pages/district/catalogue";

/** A group as lists show it: image, title, size, description, who is in it and what one may do. */
export function GroupCard({
  group,
  memberCount,
  memberNames,
  actions,
  testId = "group-card",
}: {
  group: Pick<GroupEntity, "title" | "description" | "image">;
  memberCount: number;
  /** The members' names, for those who may see who is in it. */
  memberNames?: string[];
  actions?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="md" data-testid={testId}>
      <Group gap="sm" wrap="nowrap" mb="xs">
        <Avatar src={group.image} name={group.title} color="initials" radius="md" />
        <Stack gap={0} miw={0}>
          <Text fw={700} truncate>
            {group.title}
          </Text>
          <Text size="sm" c="dimmed">
            {t("districtSite.groups.membersCount", { count: memberCount })}
          </Text>
        </Stack>
      </Group>
      {group.description ? (
        <Text size="sm" mb="xs" style={{ whiteSpace: "pre-line" }}>
          {group.description}
        </Text>
      ) : null}
      {memberNames && memberNames.length > 0 ? (
        <Text size="sm" c="dimmed">
          {memberNames.join(", ")}
        </Text>
      ) : null}
      {actions ? (
        <Group gap="xs" mt="sm">
          {actions}
        </Group>
      ) : null}
    </Card>
  );
}
