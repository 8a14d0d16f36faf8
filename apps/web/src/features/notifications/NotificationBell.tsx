import { formatRelativeTime, type Notification } from "@atrium/domain";
import { Z_INDEX } from "@atrium/domain/constants";
import {
  ActionIcon,
  Avatar,
  Box,
  Button,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { eventPath, messagesPath, userPath, viewerPath } from "../../app/paths";
import catalogue from "../../i18n/en/on-demand/notifications.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";
import classes from "./NotificationBell.module.css";
import { useNotifications } from "./use-notifications";

addOnDemandCatalogue(catalogue);

/** Where a notification leads: the follower's profile, the space, the conversation. */
export function notificationHref(notification: Notification): string {
  switch (notification.type) {
    case "follow":
      return userPath(notification.actor.userId);
    case "directMessage":
      return messagesPath(notification.groupId ?? undefined);
    case "eventStarted":
      return notification.eventId ? eventPath(notification.eventId) : "/";
    default:
      return notification.sceneId ? viewerPath(notification.sceneId) : "/";
  }
}

function BellIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The bell in the signed-in header (issue 16 item 7): the unread count, a list panel (newest
 * first, each item leads to what it is about), marking one or all read, live updates over the
 * notificationhub. Loaded on its own (a dynamic import) once the visitor is known to be signed
 * in, so that no page's first load carries it or the socket client.
 */
export default function NotificationBell({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const { unreadCount, list, items, markRead, markAllRead, markingAll } = useNotifications(
    userId,
    opened,
  );
  const label =
    unreadCount > 0
      ? t("notifications.openUnread", { count: unreadCount })
      : t("notifications.open");

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={380}
      shadow="md"
      trapFocus
      returnFocus
      zIndex={Z_INDEX.sideDrawer}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="dark"
          size="lg"
          radius="xl"
          className={classes.bell}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={opened}
          aria-controls={opened ? panelId : undefined}
          data-testid="notification-bell"
          onClick={() => setOpened((open) => !open)}
        >
          <BellIcon />
          {unreadCount > 0 && (
            <span className={classes.count} aria-hidden="true" data-testid="notification-count">
              {unreadCount > 99 ? "99+" : unreadCount}
            </span>
          )}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} id={panelId} role="dialog" aria-label={t("notifications.title")}>
        <Group justify="space-between" px="md" py="sm" className={classes.head}>
          <Text fw={700} component="h2" size="md" m={0}>
            {t("notifications.title")}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unreadCount === 0}
            loading={markingAll}
            onClick={() => markAllRead()}
          >
            {t("notifications.markAllRead")}
          </Button>
        </Group>
        <ScrollArea.Autosize mah="min(480px, 70vh)" type="auto">
          {list.isError ? (
            <Stack p="md" gap="xs" align="flex-start">
              <Text size="sm">{t("notifications.loadFailed")}</Text>
              <Button size="compact-sm" variant="light" onClick={() => void list.refetch()}>
                {t("notifications.retry")}
              </Button>
            </Stack>
          ) : list.isPending ? (
            <Box p="md" aria-busy="true" className={classes.placeholder} />
          ) : items.length === 0 ? (
            <Text p="md" size="sm" c="dimmed">
              {t("notifications.empty")}
            </Text>
          ) : (
            <ul className={classes.list} data-testid="notification-list">
              {items.map((notification) => (
                <Item
                  key={notification.id}
                  notification={notification}
                  onOpen={() => {
                    if (!notification.read) markRead(notification.id);
                    setOpened(false);
                  }}
                  onMarkRead={() => markRead(notification.id)}
                />
              ))}
            </ul>
          )}
          {list.hasNextPage && (
            <Box px="md" pb="sm">
              <Button
                variant="subtle"
                size="compact-sm"
                fullWidth
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {t("notifications.loadMore")}
              </Button>
            </Box>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

function Item({
  notification,
  onOpen,
  onMarkRead,
}: {
  notification: Notification;
  onOpen: () => void;
  onMarkRead: () => void;
}) {
  const { t } = useTranslation();
  const name = notification.actor.name;
  const space = notification.sceneTitle || t("notifications.aSpace");
  const text =
    notification.type === "directMessage" && notification.count > 1
      ? t("notifications.directMessages", { name, count: notification.count })
      : t(`notifications.${notification.type}`, { name, space });
  return (
    <li className={classes.item} data-unread={notification.read ? undefined : true}>
      <UnstyledButton
        component={Link}
        to={notificationHref(notification)}
        onClick={onOpen}
        className={classes.link}
      >
        <Avatar src={notification.actor.profilePicture} name={name} alt="" size={36} />
        <div className={classes.body}>
          <Text size="sm" fw={notification.read ? 400 : 700} className={classes.text}>
            {text}
            {!notification.read && (
              <span className="atrium-visually-hidden">{` (${t("notifications.unread")})`}</span>
            )}
          </Text>
          {notification.excerpt && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {notification.excerpt}
            </Text>
          )}
          <Text size="xs" c="dimmed" component="time" dateTime={notification.createdAt}>
            {formatRelativeTime(notification.createdAt, new Date())}
          </Text>
        </div>
      </UnstyledButton>
      {!notification.read && (
        <ActionIcon
          variant="subtle"
          size="md"
          radius="xl"
          aria-label={t("notifications.markRead")}
          title={t("notifications.markRead")}
          onClick={onMarkRead}
          className={classes.markRead}
        >
          <span className={classes.dot} aria-hidden="true" />
        </ActionIcon>
      )}
    </li>
  );
}
