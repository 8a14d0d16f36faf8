import { Box, Button, Group, Menu, Slider, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import {
  muteForEveryone,
  relationWith,
  removeVisitor,
  setBlocked,
  startDmGroup,
} from "../../api/communication";
import { inviteToParty } from "../../api/parties";
import { FollowButton } from "../follow/FollowButton";
import { showToast } from "../toast/toast";
import { useVoiceSession, voiceSession } from "../voice/voice-session";
import type { Moderation } from "./use-moderation";
import type { Mutes } from "./use-mutes";
import "../../i18n/areas/viewer";

/** Whom the menu acts on: a person, and their connection when they are in this instance. */
export interface MenuTarget {
  userId: string;
  name: string;
  guest: boolean;
  visitorId: string | null;
}

export interface VisitorActionsProps {
  target: MenuTarget;
  sceneId: string;
  /** The viewer's own user id (null when signed out). */
  meId: string | null;
  /** The space owner's moderation (the owner mutes for everyone, lifts it, removes). */
  moderation: Moderation;
  mutes: Mutes;
  greet: (visitorId: string) => Promise<{ ok: boolean; error?: { message: string } }>;
  /** Opens the chat sidebar's Direct tab on this conversation. */
  openDirect: (groupId: string) => void;
  /** Whether the menu is open (the relation is asked for only then). */
  opened: boolean;
  /** Show the follow control (the creator menu has its own). */
  withFollow?: boolean;
}

/**
 * The creator and visitor menu's actions (spec 1 §6, 2 §2.2): follow or unfollow, greet, chat,
 * invite (into one's party, started on the first invitation), mute, block, and for the space's owner: mute for
 * everyone or lift it, and remove from this instance (after a confirmation in the menu). Signed out, only what needs no account: greet and a mute kept in this page.
 * Someone who blocked you offers nothing but mute and block.
 */
export function VisitorActions(props: VisitorActionsProps) {
  const { target, sceneId, meId, moderation, mutes, greet, openDirect, opened } = props;
  const owner = moderation.owner;
  const withFollow = props.withFollow ?? true;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const signedIn = meId !== null;
  const person = !target.guest;
  const relation = useQuery({
    queryKey: ["relation", target.userId],
    queryFn: () => relationWith(target.userId),
    enabled: opened && signedIn && person && target.userId !== meId,
  });
  const blocked = relation.data?.blocked ?? false;
  const blockedMe = relation.data?.blockedMe ?? false;
  const muted = mutes.isMuted(target.userId);
  const voice = useVoiceSession();
  const inVoice = Boolean(voice.joined && target.visitorId && voice.members.has(target.visitorId));

  const chat = useMutation({
    mutationFn: () => startDmGroup([target.userId]),
    onSuccess: (group) => {
      void queryClient.invalidateQueries({ queryKey: ["dm-groups"] });
      openDirect(group.groupId);
    },
    onError: (error) =>
      showToast({
        color: "red",
        message: error instanceof ApiError ? error.message : t("live.menu.failed"),
      }),
  });
  const block = useMutation({
    mutationFn: () => setBlocked(target.userId, !blocked),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["relation", target.userId] });
      showToast({
        message: t(blocked ? "live.menu.unblocked" : "live.menu.blockedDone", {
          name: target.name,
        }),
      });
    },
  });
  const invite = useMutation({
    mutationFn: () => inviteToParty(target.userId, sceneId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["party"] });
      showToast({ message: t("live.menu.inviteSent", { name: target.name }) });
    },
    onError: (error) =>
      showToast({
        color: "red",
        message: error instanceof ApiError ? error.message : t("live.menu.failed"),
      }),
  });
  const mutedForAll = moderation.mutedForAll.has(target.userId);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const muteAll = useMutation({
    mutationFn: () => muteForEveryone(sceneId, target.visitorId ?? ""),
    onSuccess: () => {
      moderation.refresh();
      showToast({ message: t("live.menu.mutedForAllDone", { name: target.name }) });
    },
    onError: (error) =>
      showToast({
        color: "red",
        message: error instanceof ApiError ? error.message : t("live.menu.failed"),
      }),
  });
  const remove = useMutation({
    mutationFn: () => removeVisitor(sceneId, target.visitorId ?? ""),
    onSuccess: () => {
      moderation.refresh();
      showToast({ message: t("live.menu.removedDone", { name: target.name }) });
    },
    onError: (error) =>
      showToast({
        color: "red",
        message: error instanceof ApiError ? error.message : t("live.menu.failed"),
      }),
  });

  if (target.userId === meId) return null;
  const friendly = !blocked && !blockedMe;
  return (
    <>
      {withFollow && (
        <Menu.Label>
          <Text size="xs" truncate>
            {target.name}
          </Text>
        </Menu.Label>
      )}
      {withFollow && person && friendly && (
        <Box p={6}>
          <FollowButton userId={target.userId} size="xs" fullWidth />
        </Box>
      )}
      {!blockedMe && (
        <Menu.Item
          disabled={!target.visitorId}
          title={target.visitorId ? undefined : t("live.menu.notHere")}
          data-testid="menu-greet"
          onClick={() => {
            if (!target.visitorId) return;
            void greet(target.visitorId).then((ack) =>
              showToast({
                color: ack.ok ? undefined : "red",
                message: ack.ok
                  ? t("live.menu.greetSent", { name: target.name })
                  : (ack.error?.message ?? t("live.menu.failed")),
              }),
            );
          }}
        >
          {t("viewer.creatorActions.greet")}
        </Menu.Item>
      )}
      {signedIn && person && friendly && (
        <Menu.Item data-testid="menu-chat" onClick={() => chat.mutate()} disabled={chat.isPending}>
          {t("viewer.creatorActions.chat")}
        </Menu.Item>
      )}
      {signedIn && person && friendly && (
        <Menu.Item
          data-testid="menu-invite"
          onClick={() => invite.mutate()}
          disabled={invite.isPending}
        >
          {t("viewer.creatorActions.invite")}
        </Menu.Item>
      )}
      <Menu.Item data-testid="menu-mute" onClick={() => mutes.toggle(target.userId)}>
        {muted ? t("live.menu.unmute") : t("viewer.creatorActions.mute")}
      </Menu.Item>
      {inVoice && target.visitorId && !muted && (
        <Box px={12} py={6} data-testid="menu-voice-volume">
          <Text size="xs" c="dimmed" mb={4}>
            {t("live.voice.volume")}
          </Text>
          <Slider
            size="sm"
            min={0}
            max={100}
            label={(value) => `${value}%`}
            aria-label={t("live.voice.volume")}
            value={Math.round((voice.volumes.get(target.visitorId) ?? 1) * 100)}
            onChange={(value) => {
              if (target.visitorId) voiceSession.setVolume(target.visitorId, value / 100);
            }}
          />
        </Box>
      )}
      {signedIn && person && (
        <Menu.Item
          color={blocked ? undefined : "red"}
          data-testid="menu-block"
          disabled={relation.isPending || block.isPending}
          onClick={() => block.mutate()}
        >
          {blocked ? t("live.menu.unblock") : t("live.menu.block")}
        </Menu.Item>
      )}
      {owner && (target.visitorId || mutedForAll) && <Menu.Divider />}
      {owner && mutedForAll && (
        <Menu.Item
          data-testid="menu-unmute-all"
          disabled={moderation.unmuting}
          onClick={() => moderation.unmute(target.userId, target.name)}
        >
          {t("viewer.moderation.unmuteForAll")}
        </Menu.Item>
      )}
      {owner && target.visitorId && !mutedForAll && (
        <Menu.Item
          color="red"
          data-testid="menu-mute-all"
          disabled={muteAll.isPending}
          onClick={() => muteAll.mutate()}
        >
          {t("live.menu.muteForAll")}
        </Menu.Item>
      )}
      {owner && target.visitorId && !confirmRemove && (
        <Menu.Item
          color="red"
          data-testid="menu-remove"
          closeMenuOnClick={false}
          onClick={() => setConfirmRemove(true)}
        >
          {t("live.menu.remove")}
        </Menu.Item>
      )}
      {owner && target.visitorId && confirmRemove && (
        <Box px={12} py={8} maw={260} data-testid="menu-remove-confirm">
          <Text size="sm">{t("viewer.moderation.removeConfirm", { name: target.name })}</Text>
          <Group gap="xs" mt="xs" justify="flex-end">
            <Button size="compact-sm" variant="default" onClick={() => setConfirmRemove(false)}>
              {t("viewer.moderation.cancel")}
            </Button>
            <Button
              size="compact-sm"
              color="red"
              data-testid="menu-remove-confirm-button"
              loading={remove.isPending}
              onClick={() => remove.mutate(undefined, { onSettled: () => setConfirmRemove(false) })}
            >
              {t("viewer.moderation.removeConfirmButton")}
            </Button>
          </Group>
        </Box>
      )}
    </>
  );
}
