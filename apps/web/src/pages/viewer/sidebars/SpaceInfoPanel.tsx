import { formatCompactNumber, type SceneCard } from "@atrium/domain";
import { Avatar, Badge, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { userPath } from "../../../app/paths";
import { CommentsPanel, FavoriteButton, LikeButton } from "../../../features/social";
import "../../../i18n/areas/viewer";

/** Space info: title, creator, total visits, date created, description, tags, likes and comments. */
export function SpaceInfoPanel({ metadata }: { metadata: SceneCard }) {
  const { t } = useTranslation();
  const created = new Date(metadata.createdAt);
  return (
    <Stack gap="md" data-testid="space-info">
      <Title order={3}>{metadata.title}</Title>
      <Group gap="sm">
        <Avatar src={metadata.creator?.profilePicture ?? undefined} alt="" radius="xl" size="md" />
        <div>
          <Text size="xs" c="dimmed">
            {t("viewer.spaceInfo.creator")}
          </Text>
          <Text
            component={Link}
            to={userPath(metadata.creator?.userId ?? metadata.ownerId)}
            fw={600}
            target="_top"
          >
            {metadata.creator?.name}
          </Text>
        </div>
      </Group>
      <Group gap="xl">
        <div>
          <Text size="xs" c="dimmed">
            {t("viewer.spaceInfo.totalVisits")}
          </Text>
          <Text fw={700}>{formatCompactNumber(metadata.views ?? 0)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t("viewer.spaceInfo.dateCreated")}
          </Text>
          <Text fw={700}>
            {Number.isNaN(created.getTime()) ? "" : created.toLocaleDateString()}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t("viewerPage.info.likes")}
          </Text>
          <Text fw={700}>{formatCompactNumber(metadata.likes ?? 0)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t("viewerPage.info.comments")}
          </Text>
          <Text fw={700}>{formatCompactNumber(metadata.commentsCount ?? 0)}</Text>
        </div>
      </Group>
      <Text c={metadata.description ? undefined : "dimmed"} style={{ whiteSpace: "pre-wrap" }}>
        {metadata.description || t("viewerPage.info.noDescription")}
      </Text>
      <Group gap="sm">
        <LikeButton sceneId={metadata.sceneId} />
        <FavoriteButton sceneId={metadata.sceneId} />
      </Group>
      {metadata.tags.length > 0 && (
        <Group gap={6} aria-label={t("viewerPage.info.tags")}>
          {metadata.tags.map((tag) => (
            <Badge key={tag} variant="light" radius="sm">
              {tag}
            </Badge>
          ))}
        </Group>
      )}
      <Title order={5}>{t("viewerPage.info.comments")}</Title>
      <CommentsPanel
        sceneId={metadata.sceneId}
        spaceOwnerId={metadata.ownerId}
        enabled={metadata.comments}
      />
    </Stack>
  );
}
