import type { SpaceCard as Space } from "@atrium/domain";
import { formatCompactNumber } from "@atrium/domain/rules/compact-number";
import { formatRelativeTime } from "@atrium/domain/rules/relative-time";
import { ActionIcon, Avatar, Badge, Button, Card, Group, Menu, Stack, Text } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { editorPath, userPath, viewerPath } from "../../app/paths";
import { FavoriteButton } from "../social/FavoriteButton";
import { ConfirmDialog } from "./ConfirmDialog";
import { CommentIcon, EyeIcon, HeartIcon } from "./icons";
import classes from "./SpaceCard.module.css";
import { useLiveCount } from "./use-live-count";
import { type ConfirmableAction, useSpaceActions } from "./use-space-actions";
import "./catalogue";

const ShareModal = lazy(() => import("../share/ShareModal"));

export interface SpaceCardProps {
  space: Space;
  /** The signed-in user owns it: edit, delete, duplicate, preview, hide and unhide are offered. */
  isOwner?: boolean;
  view?: "grid" | "list";
  /** The expiry of the free slot the space occupies, for the badge. */
  slotExpiresAt?: string | null;
  /** A line under the title in place of the update time (history: 'Visited ...'). */
  note?: string;
}

const CONFIRM_KEYS: Record<ConfirmableAction, { title: string; body: string; danger?: boolean }> = {
  delete: { title: "spaces.confirm.deleteTitle", body: "spaces.confirm.deleteBody", danger: true },
  hide: { title: "spaces.confirm.hideTitle", body: "spaces.confirm.hideBody" },
  unhide: { title: "spaces.confirm.unhideTitle", body: "spaces.confirm.unhideBody" },
  duplicate: { title: "spaces.confirm.duplicateTitle", body: "spaces.confirm.duplicateBody" },
  unpublish: { title: "spaces.confirm.unpublishTitle", body: "spaces.confirm.unpublishBody" },
};

/**
 * A space card (spec 1 §2): cover, title, creator, time since update, likes, views and
 * comments in compact numbers, Visit, and the hover actions; a card in a free slot shows when
 * the slot expires.
 */
export function SpaceCard({
  space,
  isOwner = false,
  view = "grid",
  slotExpiresAt,
  note,
}: SpaceCardProps) {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState<ConfirmableAction | null>(null);
  const [sharing, setSharing] = useState(false);
  const actions = useSpaceActions();
  const title = space.title || t("spaces.untitled");
  const published = space.state === "Published";
  const cover = space.thumbnailUri ?? space.coverPhotoUri;
  const visit = published ? viewerPath(space.sceneId) : viewerPath(space.sceneId, { draft: true });
  const expired = slotExpiresAt ? Date.parse(slotExpiresAt) <= Date.now() : false;
  const live = useLiveCount(space.sceneId, published);

  return (
    <Card
      withBorder
      radius="lg"
      padding={0}
      className={view === "list" ? `${classes.card} ${classes.list}` : classes.card}
      data-testid="space-card"
      data-scene-id={space.sceneId}
    >
      <div className={classes.cover}>
        {cover ? (
          <img src={cover} alt="" loading="lazy" className={classes.image} />
        ) : (
          <div className={classes.placeholder} aria-hidden>
            <span>{title.slice(0, 1).toUpperCase()}</span>
          </div>
        )}
        <Group gap={6} className={classes.badges}>
          {isOwner ? (
            <Badge color={published ? "teal" : "gray"} variant="filled" size="sm">
              {t(published ? "spaces.published" : "spaces.draft")}
            </Badge>
          ) : null}
          {isOwner && !space.visible ? (
            <Badge color="dark" variant="filled" size="sm">
              {t("spaces.hidden")}
            </Badge>
          ) : null}
          {live > 0 ? (
            <Badge
              color="red"
              variant="filled"
              size="sm"
              leftSection={<span className={classes.liveDot} aria-hidden />}
              data-testid="space-card-live"
            >
              {t("spaces.live", { count: live })}
            </Badge>
          ) : null}
          {slotExpiresAt ? (
            <Badge
              color={expired ? "red" : "yellow"}
              variant="filled"
              size="sm"
              data-testid="slot-expiry"
            >
              {expired
                ? t("spaces.expired")
                : t("spaces.expires", { date: new Date(slotExpiresAt).toLocaleDateString() })}
            </Badge>
          ) : null}
        </Group>
        <div className={classes.hoverActions}>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="filled"
                color="dark"
                radius="xl"
                aria-label={t("spaces.moreActions", { title })}
                data-testid="space-card-actions"
              >
                <span aria-hidden>⋯</span>
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {isOwner ? (
                <Menu.Item component={Link} to={editorPath(space.sceneId)}>
                  {t("spaceCard.actions.edit")}
                </Menu.Item>
              ) : null}
              {published ? (
                <Menu.Item component={Link} to={viewerPath(space.sceneId)}>
                  {t("spaceCard.actions.view")}
                </Menu.Item>
              ) : null}
              {isOwner ? (
                <Menu.Item component={Link} to={viewerPath(space.sceneId, { draft: true })}>
                  {t("spaceCard.actions.preview")}
                </Menu.Item>
              ) : null}
              {published ? (
                <Menu.Item onClick={() => setSharing(true)}>
                  {t("spaceCard.actions.share")}
                </Menu.Item>
              ) : null}
              {isOwner ? (
                <>
                  <Menu.Item onClick={() => setConfirm("duplicate")}>
                    {t("spaceCard.actions.duplicate")}
                  </Menu.Item>
                  <Menu.Item onClick={() => setConfirm(space.visible ? "hide" : "unhide")}>
                    {t(space.visible ? "spaceCard.actions.hide" : "spaceCard.actions.unhide")}
                  </Menu.Item>
                  {published ? (
                    <Menu.Item onClick={() => setConfirm("unpublish")}>
                      {t("spaces.actions.unpublish")}
                    </Menu.Item>
                  ) : null}
                  <Menu.Item color="red" onClick={() => setConfirm("delete")}>
                    {t("spaceCard.actions.delete")}
                  </Menu.Item>
                </>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        </div>
      </div>
      <Stack gap={8} p="md" className={classes.body}>
        <Text fw={700} lineClamp={2} className={classes.title} title={title}>
          {title}
        </Text>
        <Group gap={8} wrap="nowrap">
          <Avatar src={space.creator.profilePicture} size={24} radius="xl" alt="" />
          <Text
            size="sm"
            lineClamp={1}
            component={Link}
            to={userPath(space.creator.userId)}
            className={classes.creator}
          >
            {space.creator.name}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {note ?? t("spaces.updated", { time: formatRelativeTime(space.updatedAt, new Date()) })}
        </Text>
        <Group justify="space-between" wrap="nowrap" mt="auto">
          <Group gap="sm" wrap="nowrap" c="dimmed" className={classes.counts}>
            <span title={t("spaces.counts.likes", { count: space.likes })}>
              <HeartIcon /> {formatCompactNumber(space.likes)}
            </span>
            <span title={t("spaces.counts.views", { count: space.views })}>
              <EyeIcon /> {formatCompactNumber(space.views)}
            </span>
            <span title={t("spaces.counts.comments", { count: space.commentsCount })}>
              <CommentIcon /> {formatCompactNumber(space.commentsCount)}
            </span>
          </Group>
          <Group gap={6} wrap="nowrap">
            {published ? (
              <FavoriteButton sceneId={space.sceneId} title={title} variant="icon" />
            ) : null}
            <Button component={Link} to={visit} size="xs" radius="xl">
              {t("spaceCard.visit")}
            </Button>
          </Group>
        </Group>
      </Stack>
      {confirm ? (
        <ConfirmDialog
          opened
          title={t(CONFIRM_KEYS[confirm].title)}
          body={t(CONFIRM_KEYS[confirm].body, { title })}
          danger={CONFIRM_KEYS[confirm].danger ?? false}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            actions.mutate({ action: confirm, space });
            setConfirm(null);
          }}
        />
      ) : null}
      {sharing ? (
        <Suspense fallback={null}>
          <ShareModal
            opened
            onClose={() => setSharing(false)}
            sceneId={space.sceneId}
            title={title}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
