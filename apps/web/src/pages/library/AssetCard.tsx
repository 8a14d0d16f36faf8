import type { LibraryAsset } from "@atrium/domain";
import { formatRelativeTime } from "@atrium/domain/rules/relative-time";
import { ActionIcon, Avatar, Badge, Card, Group, Image, Menu, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { assetDetails } from "./asset-details";
import classes from "./Library.module.css";
import { TextPreview } from "./TextPreview";
import "./catalogue";

export interface AssetCardProps {
  asset: LibraryAsset;
  /** Edit and delete are offered on the owner's own library only. */
  onEdit?: (asset: LibraryAsset) => void;
  onDelete?: (asset: LibraryAsset) => void;
  /** The delete item's label where it does something else (a district's library: remove). */
  deleteLabel?: string;
}

/** A library item (spec 2 §3.1 asset card): thumbnail, title, description, time since update, creator. */
export function AssetCard({ asset, onEdit, onDelete, deleteLabel }: AssetCardProps) {
  const { t } = useTranslation();
  const details = assetDetails(asset, t);
  const title = asset.title || t("content.untitled");
  return (
    <Card
      withBorder
      padding="md"
      radius="lg"
      className={classes.card}
      data-testid="asset-card"
      data-asset-id={asset.assetId}
    >
      <Card.Section className={classes.thumbnail}>
        {asset.family === "text3d" ? (
          <TextPreview text={asset.text} />
        ) : asset.thumbnailUrl ? (
          <Image src={asset.thumbnailUrl} alt={title} fit="contain" h="100%" loading="lazy" />
        ) : (
          <Text c="dimmed" size="sm" className={classes.noThumbnail}>
            {t("library.noThumbnail")}
          </Text>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} lineClamp={2} className={classes.title}>
            {title}
          </Text>
          {onEdit || onDelete ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t("library.actions.more", { title })}
                >
                  <span aria-hidden className={classes.dots}>
                    ⋯
                  </span>
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {onEdit ? (
                  <Menu.Item onClick={() => onEdit(asset)}>{t("library.actions.edit")}</Menu.Item>
                ) : null}
                {onDelete ? (
                  <Menu.Item color="red" onClick={() => onDelete(asset)}>
                    {deleteLabel ?? t("library.actions.delete")}
                  </Menu.Item>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
        {asset.family === "audio" && asset.fileUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: a creator's own sound has no captions to offer
          <audio
            controls
            preload="none"
            src={asset.fileUrl}
            aria-label={t("library.form.play", { title })}
            data-testid="asset-audio"
            style={{ width: "100%" }}
          />
        ) : null}
        {asset.description ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {asset.description}
          </Text>
        ) : null}
        {details.length > 0 ? (
          <Group gap={6} data-testid="asset-details">
            {details.map((detail) => (
              <Badge
                key={detail}
                variant="light"
                color="gray"
                radius="sm"
                tt="none"
                fw={500}
                className={classes.detail}
              >
                {detail}
              </Badge>
            ))}
          </Group>
        ) : null}
        <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
          <Group gap={6} wrap="nowrap" className={classes.creator}>
            <Avatar src={asset.creator.profilePicture} size={22} radius="xl" alt="" />
            <Text size="xs" c="dimmed" truncate>
              {t("library.by", { name: asset.creator.name })}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" title={new Date(asset.updatedAt).toLocaleString()}>
            {formatRelativeTime(asset.updatedAt, new Date())}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
