import type { LiveVisitor } from "@atrium/domain";
import { ActionIcon, Box, Group, Paper, Text, Tooltip } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LiveScene } from "../live/use-live-scene";
import { exposeVoice } from "./debug-hook";
import type { Vec3, VoiceProvider } from "./voice-provider";
import { VoiceJoinError } from "./voice-provider";
import { voiceSession } from "./voice-session";

// The viewer's voice chat (issue 19): the microphone button (join, mute, unmute; hold V to talk
// while muted), the speaking indicator over avatars, and the spatial audio of the nearest
// visitors. This component is loaded with the viewer's communications; the WebRTC provider only
// when the visitor joins.

export interface VoiceFrameSource {
  me: Vec3 | null;
  listener: { position: Vec3; forward: Vec3; up: Vec3 } | null;
  avatars: { visitorId: string; position: Vec3; screen: { x: number; y: number } | null }[];
}

export interface VoiceControlProps {
  live: Pick<
    LiveScene,
    | "myVisitorId"
    | "instanceId"
    | "canChat"
    | "mutedByOwner"
    | "voiceEngine"
    | "visitors"
    | "call"
    | "subscribe"
  >;
  /** User ids this viewer muted (their voice is silenced too). */
  mutedUsers: ReadonlySet<string>;
  frame: () => VoiceFrameSource;
  phone: boolean;
}

/** Where the speaking indicator floats, above the avatar's chest point. */
const INDICATOR_LIFT_PX = 70;
const SPEAKING_LEVEL = 0.08;

function MicIcon({ off }: { off: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
      {off && <path d="M4 4l16 16" />}
    </svg>
  );
}

export default function VoiceControl({ live, mutedUsers, frame, phone }: VoiceControlProps) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const [joined, setJoined] = useState(false);
  const [muted, setMutedState] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [speaking, setSpeaking] = useState<{ visitorId: string; x: number; y: number }[]>([]);
  const [ownLevel, setOwnLevel] = useState(0);
  const [connectedCount, setConnectedCount] = useState(0);
  const provider = useRef<VoiceProvider | null>(null);
  const mutedRef = useRef(muted);
  mutedRef.current = muted;
  const liveRef = useRef(live);
  liveRef.current = live;
  const frameRef = useRef(frame);
  frameRef.current = frame;
  const mutedUsersRef = useRef(mutedUsers);
  mutedUsersRef.current = mutedUsers;
  const { instanceId, myVisitorId, voiceEngine, mutedByOwner } = live;
  // the space's owner muted this visitor for everyone: the server put them out of the voice chat
  // and refuses them until it is lifted, so the microphone and the connections go here too
  const [removedByOwner, setRemovedByOwner] = useState(false);
  const wantedRef = useRef(wanted);
  wantedRef.current = wanted;
  useEffect(() => {
    if (!mutedByOwner) {
      setRemovedByOwner(false);
      return;
    }
    if (wantedRef.current) setRemovedByOwner(true);
    setWanted(false);
    setError(null);
  }, [mutedByOwner]);

  // join: the provider is loaded now; a new instance or connection (a new visitor id) joins again
  useEffect(() => {
    if (!wanted || !instanceId || !myVisitorId) return;
    let cancelled = false;
    let current: VoiceProvider | null = null;
    let hidden = () => {};
    void (async () => {
      // the engine the server runs: the Janus SFU (JANUS_URL) or peer to peer
      const create =
        voiceEngine === "janus"
          ? (await import("./janus-voice")).createJanusVoice
          : (await import("./p2p-voice")).createP2PVoice;
      if (cancelled) return;
      current = create({
        myVisitorId: () => liveRef.current.myVisitorId,
        call: (method, payload) => liveRef.current.call(method, payload),
        subscribe: (event, handle) => liveRef.current.subscribe(event, handle),
      });
      try {
        await current.join({ muted: mutedRef.current });
      } catch (err) {
        current = null;
        if (cancelled) return;
        setError(
          err instanceof VoiceJoinError
            ? err.kind === "microphone"
              ? t("live.voice.microphone")
              : err.kind === "disabled"
                ? t("live.voice.disabled")
                : err.message
            : t("live.voice.failed"),
        );
        setWanted(false);
        return;
      }
      if (cancelled) {
        current.leave();
        return;
      }
      for (const [visitorId, volume] of voiceSession.get().volumes) {
        current.setVolume(visitorId, volume);
      }
      provider.current = current;
      setError(null);
      setJoined(true);
      current.onChange(() => {
        const peers = current?.peers() ?? [];
        voiceSession.setJoined(true, new Set(peers.map((peer) => peer.visitorId)));
        setConnectedCount(peers.filter((peer) => peer.connected).length);
      });
      // the journeys and the voice bench read it, when they ask for it (debug-hook.ts)
      hidden = exposeVoice({
        state: () => ({
          joined: true,
          muted: mutedRef.current,
          peers: current?.peers() ?? [],
        }),
        stats: () => current?.stats() ?? Promise.resolve([]),
      });
    })();
    return () => {
      cancelled = true;
      current?.leave();
      provider.current = null;
      setJoined(false);
      setSpeaking([]);
      voiceSession.setJoined(false);
      hidden();
    };
  }, [wanted, instanceId, myVisitorId, voiceEngine, t]);

  // positions, the listener, silenced people and the speaking indicator, ten times a second
  useEffect(() => {
    if (!joined) return;
    const timer = setInterval(() => {
      const voice = provider.current;
      if (!voice) return;
      const source = frameRef.current();
      const byVisitor = new Map<string, LiveVisitor>(
        liveRef.current.visitors.map((visitor) => [visitor.visitorId, visitor]),
      );
      const silenced = new Set<string>();
      for (const [visitorId, visitor] of byVisitor) {
        if (mutedUsersRef.current.has(visitor.userId)) silenced.add(visitorId);
      }
      const positions = new Map<string, Vec3>();
      for (const avatar of source.avatars) {
        // the voice comes from the head
        positions.set(avatar.visitorId, [
          avatar.position[0],
          avatar.position[1] + 1.6,
          avatar.position[2],
        ]);
      }
      for (const [visitorId, volume] of voiceSession.get().volumes)
        voice.setVolume(visitorId, volume);
      voice.update({ me: source.me, listener: source.listener, positions, silenced });
      const levels = new Map(voice.peers().map((peer) => [peer.visitorId, peer.level]));
      const next = source.avatars.flatMap((avatar) =>
        (levels.get(avatar.visitorId) ?? 0) > SPEAKING_LEVEL && avatar.screen
          ? [
              {
                visitorId: avatar.visitorId,
                x: avatar.screen.x,
                y: avatar.screen.y - INDICATOR_LIFT_PX,
              },
            ]
          : [],
      );
      setSpeaking((previous) => (previous.length === 0 && next.length === 0 ? previous : next));
      setOwnLevel(voice.ownLevel());
    }, 100);
    return () => clearInterval(timer);
  }, [joined]);

  const setMuted = (next: boolean) => {
    setMutedState(next);
    mutedRef.current = next;
    provider.current?.setMuted(next);
  };

  // push-to-talk: hold V while muted
  useEffect(() => {
    if (!joined) return;
    let holding = false;
    const typing = (target: EventTarget | null) =>
      target instanceof HTMLElement &&
      (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
    const down = (event: KeyboardEvent) => {
      if (event.code !== "KeyV" || event.repeat || typing(event.target)) return;
      if (!mutedRef.current) return;
      holding = true;
      provider.current?.setMuted(false);
      setMutedState(false);
    };
    const up = (event: KeyboardEvent) => {
      if (event.code !== "KeyV" || !holding) return;
      holding = false;
      provider.current?.setMuted(true);
      setMutedState(true);
    };
    const release = () => {
      if (!holding) return;
      holding = false;
      provider.current?.setMuted(true);
      setMutedState(true);
    };
    window.addEventListener("keydown", down);
    window.addEventListener("keyup", up);
    window.addEventListener("blur", release);
    return () => {
      window.removeEventListener("keydown", down);
      window.removeEventListener("keyup", up);
      window.removeEventListener("blur", release);
    };
  }, [joined]);

  const disabled = !live.canChat || mutedByOwner;
  const disabledWhy = !live.canChat
    ? t("live.voice.disabled")
    : removedByOwner
      ? t("live.voice.removedByOwner")
      : t("live.voice.mutedByOwner");
  const label = disabled
    ? disabledWhy
    : !joined
      ? t("live.voice.join")
      : muted
        ? t("live.voice.unmute")
        : t("live.voice.mute");
  const speakingNow = joined && !muted && ownLevel > SPEAKING_LEVEL;

  return (
    <>
      <Paper
        pos="absolute"
        right={phone ? 12 : 24}
        bottom={phone ? 96 : 24}
        radius="xl"
        shadow="md"
        p={6}
        style={{ zIndex: 13 }}
        data-testid="voice-control"
      >
        <Group gap={6} wrap="nowrap">
          <Tooltip label={joined && muted ? `${label} · ${t("live.voice.pushToTalk")}` : label}>
            <ActionIcon
              size="lg"
              radius="xl"
              variant={joined && !muted ? "filled" : "light"}
              color={joined && !muted ? (speakingNow ? "teal" : "blue") : "gray"}
              aria-label={label}
              aria-pressed={joined ? !muted : undefined}
              data-testid="voice-button"
              data-state={
                mutedByOwner
                  ? "mutedByOwner"
                  : disabled
                    ? "disabled"
                    : !joined
                      ? wanted
                        ? "joining"
                        : "off"
                      : muted
                        ? "muted"
                        : "live"
              }
              disabled={disabled || (wanted && !joined)}
              onClick={() => {
                if (!joined) {
                  setError(null);
                  setWanted(true);
                } else {
                  setMuted(!muted);
                }
              }}
            >
              <MicIcon off={!joined || muted} />
            </ActionIcon>
          </Tooltip>
          {joined && (
            <>
              <Text size="xs" c="dimmed" data-testid="voice-peers">
                {t("live.voice.peers", { count: connectedCount })}
              </Text>
              <ActionIcon
                size="sm"
                radius="xl"
                variant="subtle"
                color="gray"
                aria-label={t("live.voice.leave")}
                data-testid="voice-leave"
                onClick={() => setWanted(false)}
              >
                ×
              </ActionIcon>
            </>
          )}
        </Group>
        {(error || disabled) && (
          <Text
            size="xs"
            c={disabled ? "dimmed" : "red"}
            maw={220}
            mt={4}
            data-testid="voice-error"
            role={disabled && !mutedByOwner ? undefined : "alert"}
          >
            {disabled ? disabledWhy : error}
          </Text>
        )}
      </Paper>
      {speaking.map((entry) => {
        const name =
          live.visitors.find((visitor) => visitor.visitorId === entry.visitorId)?.name ?? "";
        return (
          <Box
            key={entry.visitorId}
            pos="fixed"
            left={entry.x - 12}
            top={entry.y - 12}
            w={24}
            h={24}
            aria-label={t("live.voice.speaking", { name })}
            data-testid="voice-speaking"
            data-visitor={entry.visitorId}
            style={{
              zIndex: 12,
              pointerEvents: "none",
              borderRadius: "50%",
              background: "rgba(32, 201, 151, 0.9)",
              boxShadow: "0 0 0 4px rgba(32, 201, 151, 0.35)",
              color: "white",
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
            }}
          >
            <MicIcon off={false} />
          </Box>
        );
      })}
    </>
  );
}
