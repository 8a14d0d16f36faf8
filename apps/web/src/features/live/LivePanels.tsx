import {
  CHAT_TEXT_MAX,
  type ConnectionState,
  type LiveVisitor,
  type PublicMessage,
} from "@atrium/domain";
import { Avatar, Badge, Group, Menu, Stack, Tabs, Text, UnstyledButton } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import catalogue from "../../i18n/en/on-demand/live.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";
import { ChatComposer, type SendAck } from "./ChatComposer";
import { DirectTab } from "./DirectTab";
import { MessageList, UnreadBadge } from "./MessageList";
import { ChatLockButton } from "./ModerationPanel";
import type { DirectMessages } from "./use-direct-messages";
import { useFollowEnd } from "./use-follow-end";
import type { Moderation } from "./use-moderation";
import { type MenuTarget, VisitorActions, type VisitorActionsProps } from "./VisitorMenu";
import "../../i18n/areas/viewer";

addOnDemandCatalogue(catalogue);

const STATE_COLOURS: Record<ConnectionState, string> = {
  Connected: "green",
  Connecting: "blue",
  Reconnecting: "orange",
  Disconnected: "gray",
};

export function ConnectionBadge({ state }: { state: ConnectionState }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={STATE_COLOURS[state]}
      data-testid="live-connection-state"
      data-state={state}
    >
      {t(`live.state.${state}`)}
    </Badge>
  );
}

/**
 * The live visitors sidebar: who is in this instance (names, pictures, 'guest'); for the space's
 * owner, a second tab with the moderation panel.
 */
export function LiveVisitorsPanel({
  moderation,
  ...props
}: LiveVisitorListProps & {
  /** The owner's moderation tab (absent: only the list). */
  moderation?: ReactNode;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>("visitors");
  if (!moderation) return <LiveVisitorList {...props} />;
  return (
    <Tabs value={tab} onChange={setTab}>
      <Tabs.List grow mb="sm">
        <Tabs.Tab value="visitors" data-testid="live-tab-visitors">
          {t("viewer.moderation.tabVisitors")}
        </Tabs.Tab>
        <Tabs.Tab value="moderation" data-testid="live-tab-moderation">
          {t("viewer.moderation.tabModeration")}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="visitors">
        <LiveVisitorList {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="moderation">{tab === "moderation" && moderation}</Tabs.Panel>
    </Tabs>
  );
}

interface LiveVisitorListProps {
  state: ConnectionState;
  visitors: LiveVisitor[];
  myVisitorId: string | null;
  countInScene: number;
  /** The visitor menu's shared settings (absent: no menu). */
  actions?: Omit<VisitorActionsProps, "target" | "opened">;
  /** The owner removed this visitor from the instance. */
  removed?: boolean;
}

function LiveVisitorList({
  state,
  visitors,
  myVisitorId,
  countInScene,
  actions,
  removed,
}: LiveVisitorListProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="live-visitors">
      <Group justify="space-between">
        <ConnectionBadge state={state} />
        {state === "Connected" && (
          <Text size="xs" c="dimmed">
            {t("live.visitorsInSpace", { count: countInScene })}
          </Text>
        )}
      </Group>
      {state === "Connected" && (
        <Text size="sm" fw={600}>
          {t("live.visitorsHere", { count: visitors.length })}
        </Text>
      )}
      {removed && (
        <Text c="red" data-testid="live-removed">
          {t("live.removed")}
        </Text>
      )}
      {state !== "Connected" && !removed && <Text c="dimmed">{t("live.notConnected")}</Text>}
      {state === "Connected" && visitors.length <= 1 && <Text c="dimmed">{t("live.alone")}</Text>}
      <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {visitors.map((visitor) => (
          <Group
            key={visitor.visitorId}
            component="li"
            gap="sm"
            wrap="nowrap"
            data-testid="live-visitor"
          >
            {actions && visitor.visitorId !== myVisitorId ? (
              <VisitorMenuButton visitor={visitor} actions={actions} />
            ) : (
              <>
                <Avatar src={visitor.profilePicture ?? undefined} radius="xl" size="sm" alt="" />
                <Text size="sm" truncate>
                  {visitor.name}
                </Text>
              </>
            )}
            {visitor.guest && (
              <Badge size="xs" variant="outline">
                {t("live.guest")}
              </Badge>
            )}
            {visitor.visitorId === myVisitorId && (
              <Badge size="xs" variant="light">
                {t("live.you")}
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

function VisitorMenuButton({
  visitor,
  actions,
}: {
  visitor: LiveVisitor;
  actions: Omit<VisitorActionsProps, "target" | "opened">;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const target: MenuTarget = {
    userId: visitor.userId,
    name: visitor.name,
    guest: visitor.guest,
    visitorId: visitor.visitorId,
  };
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-start" withinPortal zIndex={1002}>
      <Menu.Target>
        <UnstyledButton
          aria-label={t("live.menu.open", { name: visitor.name })}
          data-testid="live-visitor-menu"
          style={{ display: "flex", alignItems: "center", gap: 8, minWidth: 0 }}
        >
          <Avatar src={visitor.profilePicture ?? undefined} radius="xl" size="sm" alt="" />
          <Text size="sm" truncate>
            {visitor.name}
          </Text>
          {actions.mutes.isMuted(visitor.userId) && (
            <Badge size="xs" variant="light" color="gray">
              {t("live.menu.mutedBadge")}
            </Badge>
          )}
          {actions.moderation.mutedForAll.has(visitor.userId) && (
            <Badge size="xs" variant="light" color="orange" data-testid="muted-for-all-badge">
              {t("viewer.moderation.mutedForAllBadge")}
            </Badge>
          )}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="visitor-menu">
        <VisitorActions {...actions} target={target} opened={opened} />
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The chat sidebar: direct, event and public tabs. The public tab is this instance's chat:
 * messages of one person within 10 minutes share a header, a button scrolls to the latest
 * when the reader is more than 80 px above it, and an unread counter counts what arrived
 * while away from the end.
 */
export function ChatPanel({
  state,
  canChat,
  closedBy = null,
  messages,
  myVisitorId,
  onSend,
  onUnreadChange,
  event,
  direct,
  moderation,
}: {
  state: ConnectionState;
  canChat: boolean;
  /** The space owner's moderation: a lock control under the public chat (absent for others). */
  moderation?: Moderation;
  /** Why this visitor may not write although the ACL lets them: the owner muted them or locked
   * the chat (the owner still writes in a locked chat). */
  closedBy?: "muted" | "locked" | null;
  messages: PublicMessage[];
  myVisitorId: string | null;
  onSend: (text: string) => Promise<SendAck>;
  onUnreadChange?: (count: number) => void;
  /** The Event tab's content: the live event's chat (features/events). */
  event?: ReactNode;
  /** The Direct tab: conversations (signed in), which one is open, and the tab shown. */
  direct?: {
    dms: DirectMessages | null;
    meId: string | null;
    openGroupId: string | null;
    onOpen: (groupId: string | null) => void;
    tab: string;
    onTab: (tab: string) => void;
  };
}) {
  const { t } = useTranslation();
  const [ownTab, setOwnTab] = useState<string | null>("public");
  const tab = direct ? direct.tab : ownTab;
  const setTab = (next: string | null) =>
    direct ? direct.onTab(next ?? "public") : setOwnTab(next);
  const { viewportRef, farFromEnd, unread, onScroll, scrollToEnd } = useFollowEnd(messages, {
    following: tab === "public",
  });
  useEffect(() => onUnreadChange?.(unread), [unread, onUnreadChange]);

  return (
    <Stack gap="sm" h="100%" data-testid="chat-panel">
      <Group justify="space-between">
        <ConnectionBadge state={state} />
      </Group>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List grow>
          <Tabs.Tab
            value="direct"
            data-testid="chat-tab-direct"
            rightSection={<UnreadBadge count={direct?.dms?.totalUnread ?? 0} testId="dm-unread" />}
          >
            {t("live.tabs.direct")}
          </Tabs.Tab>
          <Tabs.Tab value="event" data-testid="chat-tab-event">
            {t("live.tabs.event")}
          </Tabs.Tab>
          <Tabs.Tab
            value="public"
            rightSection={<UnreadBadge count={unread} testId="chat-unread" />}
          >
            {t("live.tabs.public")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="direct" pt="sm">
          {direct?.dms && direct.meId ? (
            <DirectTab
              dms={direct.dms}
              meId={direct.meId}
              openGroupId={direct.openGroupId}
              onOpen={direct.onOpen}
              visible={tab === "direct"}
            />
          ) : (
            <Text c="dimmed">{t("live.directSignIn")}</Text>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="event" pt="sm">
          {event ?? (
            <Text c="dimmed" data-testid="chat-event-empty">
              {t("live.eventsLater")}
            </Text>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="public" pt="sm">
          <MessageList
            messages={messages}
            mine={(message) => message.user.visitorId === myVisitorId}
            testId="chat"
            height="min(55vh, 520px)"
            viewportRef={viewportRef}
            onScroll={onScroll}
            empty={<Text c="dimmed">{t("live.publicEmpty")}</Text>}
            farFromEnd={farFromEnd}
            unread={0}
            onScrollToEnd={scrollToEnd}
          />
          {moderation?.owner && (
            <Group mt="sm" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="xs" c="dimmed" data-testid="chat-locked-owner">
                {moderation.chatLocked ? t("viewer.moderation.lockedForOwner") : ""}
              </Text>
              <ChatLockButton moderation={moderation} />
            </Group>
          )}
          {canChat && closedBy ? (
            <Text mt="sm" c="dimmed" data-testid="chat-closed">
              {closedBy === "muted" ? t("live.mutedByOwner") : t("live.chatLocked")}
            </Text>
          ) : canChat ? (
            <Stack gap={4} mt="sm">
              <ChatComposer
                testId="chat"
                maxLength={CHAT_TEXT_MAX}
                disabled={state !== "Connected"}
                onSend={onSend}
                onSent={scrollToEnd}
              />
            </Stack>
          ) : (
            <Text mt="sm" c="dimmed" data-testid="chat-disabled">
              {state === "Connected" ? t("live.disabled") : t("live.notConnected")}
            </Text>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
