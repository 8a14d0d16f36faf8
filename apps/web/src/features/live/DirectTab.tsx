import { type DirectMessageGroup, DM_TEXT_MAX } from "@atrium/domain";
import { Avatar, Button, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { dmMessages } from "../../api/communication";
import { ChatConversation } from "./ChatConversation";
import { UnreadBadge } from "./MessageList";
import { type DirectMessages, dmMessagesKey } from "./use-direct-messages";

const titleOf = (group: DirectMessageGroup, meId: string) =>
  group.title ||
  group.members
    .filter((member) => member.userId !== meId)
    .map((member) => member.name)
    .join(", ");

/**
 * The chat sidebar's Direct tab: one's conversations (latest first, unread counts), and one
 * conversation: its stored history, messages pushed live, grouping within 10 minutes, a
 * scroll-to-bottom button beyond 80 px and an unread count while scrolled up.
 */
export function DirectTab({
  dms,
  meId,
  openGroupId,
  onOpen,
  visible,
}: {
  dms: DirectMessages;
  meId: string;
  openGroupId: string | null;
  onOpen: (groupId: string | null) => void;
  visible: boolean;
}) {
  const { t } = useTranslation();
  const { setReading } = dms;
  useEffect(() => {
    setReading(visible ? openGroupId : null);
    return () => setReading(null);
  }, [visible, openGroupId, setReading]);

  const groups = dms.groups.data ?? [];
  const open = openGroupId ? groups.find((group) => group.groupId === openGroupId) : undefined;
  if (openGroupId) {
    return (
      <Stack gap="xs" data-testid="dm-conversation">
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => onOpen(null)}
            data-testid="dm-back"
          >
            ←
          </Button>
          <Text fw={600} size="sm" truncate data-testid="dm-title">
            {open ? titleOf(open, meId) : ""}
          </Text>
        </Group>
        <Conversation groupId={openGroupId} dms={dms} meId={meId} visible={visible} />
      </Stack>
    );
  }
  if (dms.groups.isPending) return <Text c="dimmed">{t("live.loading")}</Text>;
  if (groups.length === 0) return <Text c="dimmed">{t("live.directEmpty")}</Text>;
  return (
    <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {groups.map((group) => {
        const unread = dms.unread[group.groupId] ?? 0;
        const other = group.members.find((member) => member.userId !== meId);
        return (
          <li key={group.groupId}>
            <UnstyledButton
              w="100%"
              p={6}
              onClick={() => onOpen(group.groupId)}
              data-testid="dm-group"
              style={{ borderRadius: 6 }}
            >
              <Group gap="sm" wrap="nowrap">
                <Avatar src={other?.profilePicture ?? undefined} radius="xl" size="sm" alt="" />
                <Text size="sm" truncate style={{ flex: 1 }}>
                  {titleOf(group, meId)}
                </Text>
                <UnreadBadge count={unread} testId="dm-group-unread" />
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}

function Conversation({
  groupId,
  dms,
  meId,
  visible,
}: {
  groupId: string;
  dms: DirectMessages;
  meId: string;
  visible: boolean;
}) {
  return (
    <ChatConversation
      queryKey={dmMessagesKey(groupId)}
      load={() => dmMessages(groupId)}
      send={(text) => dms.send(groupId, text)}
      meId={meId}
      visible={visible}
      testId="dm"
      maxLength={DM_TEXT_MAX}
      height="min(48vh, 460px)"
    />
  );
}
