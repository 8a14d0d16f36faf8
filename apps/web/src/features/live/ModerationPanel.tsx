import type { ModerationLogEntry } from "@atrium/domain";
import { formatRelativeTime } from "@atrium/domain/rules/relative-time";
import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { moderationLog } from "../../api/communication";
import { type Moderation, moderationKeys } from "./use-moderation";
import "../../i18n/areas/viewer";

const LOG_PAGE = 30;

/** The owner's lock control of the public chat: 'Lock chat' or 'Unlock chat'. */
export function ChatLockButton({ moderation }: { moderation: Moderation }) {
  const { t } = useTranslation();
  const locked = moderation.chatLocked;
  return (
    <Button
      size="compact-sm"
      variant={locked ? "filled" : "light"}
      color={locked ? "orange" : undefined}
      aria-pressed={locked}
      data-testid="chat-lock"
      data-locked={locked}
      loading={moderation.locking}
      onClick={() => moderation.setLocked(!locked)}
    >
      {locked ? t("viewer.moderation.unlockChat") : t("viewer.moderation.lockChat")}
    </Button>
  );
}

/** A date shown as its age ('5m ago'), the exact moment on hover. */
function When({ time }: { time: string }) {
  return (
    <Text
      size="xs"
      c="dimmed"
      component="time"
      dateTime={time}
      title={new Date(time).toLocaleString()}
    >
      {formatRelativeTime(time, new Date())}
    </Text>
  );
}

/**
 * The space owner's moderation tab of the live visitors sidebar (issue 19): the chat lock, who
 * is muted for everyone (with 'Unmute for everyone', also for people who have left) and the
 * moderation log, newest first: who did what to whom, when.
 */
export function ModerationPanel({
  sceneId,
  moderation,
}: {
  sceneId: string;
  moderation: Moderation;
}) {
  const { t } = useTranslation();
  const log = useInfiniteQuery({
    queryKey: moderationKeys.log(sceneId),
    queryFn: ({ pageParam }) => moderationLog(sceneId, pageParam, LOG_PAGE),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < LOG_PAGE ? undefined : pages.length),
    refetchOnMount: "always",
  });
  const entries = log.data?.pages.flat() ?? [];
  const line = (entry: ModerationLogEntry) =>
    t(`viewer.moderation.log.${entry.action}`, {
      actor: entry.actor.name,
      target: entry.target?.name ?? "",
    });

  return (
    <Stack gap="md" data-testid="moderation-panel">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" data-testid="moderation-chat-state">
          {moderation.chatLocked
            ? t("viewer.moderation.chatIsLocked")
            : t("viewer.moderation.chatIsOpen")}
        </Text>
        <ChatLockButton moderation={moderation} />
      </Group>

      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t("viewer.moderation.mutedTitle")}
        </Text>
        {moderation.mutes.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("viewer.moderation.mutedNone")}
          </Text>
        )}
        <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {moderation.mutes.map((mute) => (
            <Group
              key={mute.userId}
              component="li"
              justify="space-between"
              wrap="nowrap"
              data-testid="moderation-muted"
            >
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <Text size="sm" truncate>
                  {mute.name}
                </Text>
                {mute.guest && (
                  <Badge size="xs" variant="outline">
                    {t("viewer.moderation.guest")}
                  </Badge>
                )}
                <When time={mute.since} />
              </Group>
              <Button
                size="compact-xs"
                variant="light"
                data-testid="moderation-unmute"
                disabled={moderation.unmuting}
                onClick={() => moderation.unmute(mute.userId, mute.name)}
              >
                {t("viewer.moderation.unmuteForAll")}
              </Button>
            </Group>
          ))}
        </Stack>
      </Stack>

      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t("viewer.moderation.logTitle")}
        </Text>
        {log.isSuccess && entries.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("viewer.moderation.logEmpty")}
          </Text>
        )}
        <Stack gap={8} component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {entries.map((entry) => (
            <li key={entry.id} data-testid="moderation-log-entry" data-action={entry.action}>
              <Text size="sm">
                {line(entry)}
                {entry.target?.guest && (
                  <Badge ml={6} size="xs" variant="outline">
                    {t("viewer.moderation.guest")}
                  </Badge>
                )}
              </Text>
              <When time={entry.time} />
            </li>
          ))}
        </Stack>
        {log.hasNextPage && (
          <Button
            size="compact-sm"
            variant="subtle"
            loading={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {t("viewer.moderation.logMore")}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
