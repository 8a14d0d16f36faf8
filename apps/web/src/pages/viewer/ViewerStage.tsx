import {
  type Emote,
  type GuidedTour,
  type Level,
  type PartyInvitation,
  playableTourPose,
  SCENE_ITEM_LISTS,
  type SceneDocument,
  type TourPoint,
  TRANSFORM_SEND_HZ,
} from "@atrium/domain";
import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Button,
  Drawer,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { recordSceneView } from "../../api/spaces";
import { fetchAvatars, fetchGuidedTours, type ViewerScene } from "../../api/viewer";
import { debugHooksEnabled } from "../../app/debug-hooks";
import type { PickResult, PlayerPose, RemoteAvatars } from "../../engine";
import { loginPath } from "../../features/auth/return-to";
import { useMe } from "../../features/auth/use-me";
import { EventChatTab } from "../../features/events/EventChatTab";
import { EventsPanel } from "../../features/events/EventsPanel";
import { useSceneEvents } from "../../features/events/use-scene-events";
import { FollowButton } from "../../features/follow/FollowButton";
import { avatarModelUrlOf } from "../../features/live/avatar-model";
import { ChatPanel, LiveVisitorsPanel } from "../../features/live/LivePanels";
import { ModerationPanel } from "../../features/live/ModerationPanel";
import { useDirectMessages } from "../../features/live/use-direct-messages";
import { useLiveScene } from "../../features/live/use-live-scene";
import { useModeration } from "../../features/live/use-moderation";
import { useMutes } from "../../features/live/use-mutes";
import { VisitorActions } from "../../features/live/VisitorMenu";
import { FollowCountdown } from "../../features/party/FollowCountdown";
import { PartyPanel } from "../../features/party/PartyPanel";
import { useParty } from "../../features/party/use-party";
import { ShareModal } from "../../features/share";
import { showToast } from "../../features/toast/toast";
import type { VoiceFrameSource } from "../../features/voice/VoiceControl";
import { bootFor } from "./boot-state";
import { ContentPanels, type OpenPanel } from "./ContentPanels";
import { ControlsHint } from "./ControlsHint";
import type { EmbedFlags } from "./embed";
import { spacePath } from "./embed";
import { ViewerIcon, type ViewerIconName } from "./icons";
import { Joystick } from "./Joystick";
import { LoadingOverlay, useTrailingDots } from "./LoadingOverlay";
import { MapView } from "./MapView";
import { loadViewerSettings, saveViewerSettings, type ViewerSettings } from "./settings";
import { EmotesPanel } from "./sidebars/EmotesPanel";
import { MiniExplorePanel } from "./sidebars/MiniExplorePanel";
import { MorePanel } from "./sidebars/MorePanel";
import { PathsPanel } from "./sidebars/PathsPanel";
import { SettingsPanel } from "./sidebars/SettingsPanel";
import { SpaceInfoPanel } from "./sidebars/SpaceInfoPanel";
import { TourBar } from "./TourBar";
import { TourPlayer, type TourState } from "./tour-player";
import { type ProgressStore, useProgress, useViewerRuntime } from "./use-viewer-runtime";
import { ViewerToolbar } from "./ViewerToolbar";
import "../../i18n/areas/viewer";

type Sidebar =
  | "spaceInfo"
  | "emotes"
  | "share"
  | "paths"
  | "chat"
  | "events"
  | "map"
  | "more"
  | "miniExplore"
  | "settings"
  | "liveVisitors"
  | "party";

const SIDEBARS: Array<{
  key: Sidebar;
  icon: ViewerIconName;
  communications?: boolean;
  /** Greyed for a signed-out visitor, its tooltip saying why. */
  needsAccount?: boolean;
}> = [
  { key: "spaceInfo", icon: "info" },
  { key: "emotes", icon: "smile" },
  { key: "share", icon: "share" },
  { key: "paths", icon: "path" },
  { key: "chat", icon: "chat", communications: true },
  { key: "events", icon: "calendar", communications: true },
  { key: "map", icon: "map" },
  { key: "more", icon: "more" },
  { key: "miniExplore", icon: "compass" },
  { key: "settings", icon: "gear" },
  { key: "liveVisitors", icon: "users", communications: true },
  { key: "party", icon: "party", communications: true, needsAccount: true },
];

/** Volume of a video heard from `distance` metres: full within 2 m, silent beyond 20 m. */
/** The voice chat's button and indicators; the WebRTC part loads only when the visitor joins. */
const VoiceControl = lazy(() => import("../../features/voice/VoiceControl"));

export function distanceVolume(distance: number): number {
  return Math.max(0, Math.min(1, 1 - (distance - 2) / 18));
}

interface DebugHook {
  sceneId: string;
  phase: string;
  progress: number;
  /** performance.now() when the current space's room was first drawn and when everything was. */
  roomAt: number | null;
  loadedAt: number | null;
  /** How many spaces this page has loaded (portal hops + 1). */
  loads: number;
  enterPortal(portalId: string): void;
  stats(): unknown;
  statuses(): Record<string, string | undefined>;
  pose(): PlayerPose | null;
  /** Where the camera is (during a tour glide too), in metres. */
  camera(): [number, number, number] | null;
  project(collection: string, id: string): { x: number; y: number } | null;
  tourState(): TourState | null;
  remoteAvatars(): {
    visitorId: string;
    modelUrl: string | null;
    position: number[];
    emote: string | null;
    screen: { x: number; y: number } | null;
  }[];
  /** The engine's renderer, scene and camera (the walk bench exports and follows them). */
  three(): unknown;
  /** The scene instance this visitor is in (liveuserhub), or null. */
  instanceId(): string | null;
}

declare global {
  interface Window {
    __atriumViewer?: DebugHook;
  }
}

export function ViewerStage({
  sceneId,
  scene,
  failed,
  onRetry,
  draft,
  flags,
}: {
  sceneId: string;
  scene: ViewerScene | null;
  failed: boolean;
  onRetry: () => void;
  draft: boolean;
  flags: EmbedFlags;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: me } = useMe();
  const phone = useMediaQuery("(max-width: 57.5em)");
  const touch = useMediaQuery("(pointer: coarse)");
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  // the viewer's early start (boot.ts) may have drawn this space already: its canvas moves in
  const [boot] = useState(() => bootFor(sceneId, draft));
  const canvasHost = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    if (!boot || !canvasHost.current) return;
    Object.assign(boot.canvas.style, { position: "static", background: "" });
    canvasHost.current.appendChild(boot.canvas);
    setCanvas(boot.canvas);
  }, [boot]);
  const [settings, setSettingsState] = useState<ViewerSettings>(() => loadViewerSettings());
  const setSettings = useCallback((next: ViewerSettings) => {
    setSettingsState(next);
    saveViewerSettings(next);
  }, []);
  const [sidebar, setSidebar] = useState<Sidebar | null>(null);
  const ownEmote = useRef<{ name: Emote; until: number } | null>(null);
  const remoteAvatars = useRef<RemoteAvatars | null>(null);
  const [panel, setPanel] = useState<OpenPanel | null>(null);
  const [pose, setPose] = useState<PlayerPose | null>(null);
  const poseRef = useRef<PlayerPose | null>(null);
  const lastPoseUpdate = useRef(0);
  const mapOpen = useRef(false);
  // the map opens on the pose of now, then follows it
  useEffect(() => {
    mapOpen.current = sidebar === "map";
    if (sidebar === "map") setPose(poseRef.current);
  }, [sidebar]);
  const [tour, setTour] = useState<{ tour: GuidedTour; player: TourPlayer } | null>(null);
  const [tourState, setTourState] = useState<TourState | null>(null);
  const tourAudio = useRef<HTMLAudioElement | null>(null);
  const spaceAudio = useRef<HTMLAudioElement | null>(null);
  const document: SceneDocument | null = scene?.document ?? null;
  const documentRef = useRef(document);
  documentRef.current = document;
  const timings = useRef({
    roomAt: null as number | null,
    loadedAt: null as number | null,
    loads: 0,
  });
  // the volume is applied to playing audio without restarting it
  const volumeRef = useRef(settings.volume);
  volumeRef.current = settings.volume;

  const avatars = useQuery({
    queryKey: ["avatars"],
    queryFn: fetchAvatars,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const avatarUrl = useMemo(() => {
    if (!avatars.data && !avatars.isError) return undefined;
    const list = avatars.data ?? [];
    return (list.find((avatar) => avatar.avatarId === me?.avatar) ?? list[0])?.modelUrl ?? null;
  }, [avatars.data, avatars.isError, me?.avatar]);

  const tours = useQuery({
    queryKey: ["viewer-tours", sceneId],
    queryFn: ({ signal }) => fetchGuidedTours(sceneId, signal),
    enabled: scene !== null,
    retry: false,
  });

  const goToSpace = useCallback(
    (target: string | null) => {
      if (!target) {
        showToast({ message: t("viewerPage.portalNowhere") });
        return;
      }
      void navigate(spacePath(target, flags));
    },
    [flags, navigate, t],
  );

  const runtimeState = useViewerRuntime(
    canvas,
    document,
    scene?.assets ?? null,
    sceneId,
    settings,
    avatarUrl ?? null,
    {
      onMove(next) {
        poseRef.current = next;
        const now = performance.now();
        // only the map shows the pose: with it closed, walking re-renders nothing here
        if (mapOpen.current && now - lastPoseUpdate.current > 200) {
          lastPoseUpdate.current = now;
          setPose(next);
        }
      },
      onPortal(portalId) {
        const portal = documentRef.current?.portals.find((entry) => entry.id === portalId);
        if (portal) goToSpace(portal.targetSceneId);
      },
      onRoom(_document, at) {
        timings.current = {
          roomAt: at,
          loadedAt: null,
          loads: timings.current.loads + 1,
        };
      },
      onLoaded(_document, at) {
        timings.current = { ...timings.current, loadedAt: at };
      },
    },
    boot,
  );
  const { phase, progress, runtime } = runtimeState;

  // a new space: close what belonged to the previous one, count the visit
  useEffect(() => {
    setPanel(null);
    setTour((current) => {
      current?.player.stop();
      return null;
    });
    if (!draft && scene) void recordSceneView(sceneId).catch(() => {});
  }, [sceneId, scene, draft]);

  // the debug hook the tests and the bench read, when they ask for it (app/debug-hooks.ts)
  useEffect(() => {
    if (!debugHooksEnabled()) return;
    const hook: DebugHook = {
      sceneId,
      phase,
      get progress() {
        return progress.get();
      },
      get roomAt() {
        return timings.current.roomAt;
      },
      get loadedAt() {
        return timings.current.loadedAt;
      },
      get loads() {
        return timings.current.loads;
      },
      enterPortal: (portalId) => {
        const portal = documentRef.current?.portals.find((entry) => entry.id === portalId);
        if (portal) goToSpace(portal.targetSceneId);
      },
      stats: () => runtime?.engine.stats() ?? null,
      statuses: () => {
        const doc = documentRef.current;
        const result: Record<string, string | undefined> = {};
        if (!doc || !runtime) return result;
        for (const list of SCENE_ITEM_LISTS)
          for (const item of doc[list])
            result[`${list}:${item.id}`] = runtime.engine.statusOf(list, item.id);
        return result;
      },
      pose: () => poseRef.current,
      camera: () => {
        const position = runtime?.engine.three.camera.position;
        return position ? [position.x, position.y, position.z] : null;
      },
      project: (collection, id) => {
        const object = runtime?.engine.objectOf(collection, id);
        if (!object || !canvas || !runtime) return null;
        const { Vector3 } = runtime.module;
        const point = new Vector3();
        object.getWorldPosition(point);
        point.project(runtime.engine.three.camera);
        const rect = canvas.getBoundingClientRect();
        if (point.z > 1) return null;
        return {
          x: rect.left + ((point.x + 1) / 2) * rect.width,
          y: rect.top + ((1 - point.y) / 2) * rect.height,
        };
      },
      tourState: () => tour?.player.current ?? null,
      instanceId: () => liveRef.current?.instanceId ?? null,
      remoteAvatars: () =>
        remoteAvatars.current?.describe(runtime?.engine.three.camera, canvas ?? undefined) ?? [],
      three: () => runtime?.engine.three ?? null,
    };
    window.__atriumViewer = hook;
  }, [sceneId, phase, progress, runtime, canvas, tour, goToSpace]);
  useEffect(() => () => void delete window.__atriumViewer, []);

  // clicks on content
  useEffect(() => {
    if (!runtime) return;
    const { engine, player } = runtime;
    const offClick = engine.on("itemClick", (pick: Extract<PickResult, { kind: "item" }>) => {
      const doc = documentRef.current;
      if (!doc || tour) return;
      const find = <T extends { id: string }>(list: T[]) =>
        list.find((item) => item.id === pick.id);
      switch (pick.collection) {
        case "pictures": {
          const item = find(doc.pictures);
          if (item) setPanel({ kind: "picture", item });
          return;
        }
        case "infoPoints": {
          const item = find(doc.infoPoints);
          if (item) setPanel({ kind: "info", item });
          return;
        }
        case "webViews3d": {
          const item = find(doc.webViews3d);
          if (item) setPanel({ kind: "webview", item });
          return;
        }
        case "portals": {
          const item = find(doc.portals);
          if (item) goToSpace(item.targetSceneId);
          return;
        }
        case "texts3d": {
          const item = find(doc.texts3d);
          if (item?.text.hyperText && item.text.link)
            window.open(item.text.link, "_blank", "noopener,noreferrer");
          return;
        }
        case "videos":
        case "liveVideos": {
          const video = engine.videoOf(pick.id);
          const youtube = engine.objectOf(pick.collection, pick.id)?.userData.youtube as
            | string
            | undefined;
          if (youtube) {
            setPanel({ kind: "youtube", title: find(doc.videos)?.title ?? "", link: youtube });
            return;
          }
          if (!video) return;
          if (video.paused) {
            video.muted = false;
            void video.play().catch(() => {});
          } else video.pause();
          return;
        }
        default:
          return;
      }
    });
    // a click on the floor walks there
    let pressed: { x: number; y: number } | null = null;
    const onPress = (event: PointerEvent) => {
      pressed = { x: event.clientX, y: event.clientY };
    };
    const onClick = (event: MouseEvent) => {
      // a drag (looking around) ends with a click event too: only a still click walks
      const still = pressed && Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) < 6;
      pressed = null;
      if (tour || !still) return;
      const hit = engine.pick(event.clientX, event.clientY);
      if (hit?.kind === "floor") player.walkTo([hit.point.x, hit.point.y, hit.point.z]);
    };
    canvas?.addEventListener("pointerdown", onPress);
    canvas?.addEventListener("click", onClick);
    // videos are heard by distance
    const offFrame = engine.on("frame", () => {
      const doc = documentRef.current;
      const here = poseRef.current;
      if (!doc || !here) return;
      for (const item of [...doc.videos, ...doc.liveVideos]) {
        const video = engine.videoOf(item.id);
        if (!video || video.paused) continue;
        const d = Math.hypot(
          item.position[0] - here.position[0],
          item.position[2] - here.position[2],
        );
        video.volume = Math.max(
          0,
          Math.min(1, (item.volume / 100) * (settings.volume / 100) * distanceVolume(d)),
        );
      }
    });
    return () => {
      offClick();
      offFrame();
      canvas?.removeEventListener("pointerdown", onPress);
      canvas?.removeEventListener("click", onClick);
    };
  }, [runtime, canvas, goToSpace, tour, settings.volume]);

  // panels and tours take the keyboard
  useEffect(() => {
    runtime?.player.setInputEnabled(
      panel === null && tour === null && (phase === "room" || phase === "loaded"),
    );
  }, [runtime, panel, tour, phase]);

  // the space's own audio, with the volume setting; browsers start it on the first gesture
  useEffect(() => {
    const uri = scene?.metadata.audioUri;
    if (!uri) return;
    const audio = new Audio(uri);
    audio.loop = true;
    audio.volume = volumeRef.current / 100;
    // kept in the page (no controls, so unseen): the toolbar's volume and tests find it there
    audio.dataset.role = "space-audio";
    window.document.body.append(audio);
    spaceAudio.current = audio;
    const start = () => void audio.play().catch(() => {});
    start();
    window.addEventListener("pointerdown", start, { once: true });
    window.addEventListener("keydown", start, { once: true });
    return () => {
      audio.pause();
      audio.remove();
      audio.src = "";
      spaceAudio.current = null;
      window.removeEventListener("pointerdown", start);
      window.removeEventListener("keydown", start);
    };
  }, [scene?.metadata.audioUri]);
  useEffect(() => {
    if (spaceAudio.current) spaceAudio.current.volume = settings.volume / 100;
    if (tourAudio.current) tourAudio.current.volume = settings.volume / 100;
  }, [settings.volume]);

  // tours
  const startTour = (chosen: GuidedTour) => {
    if (!runtime || chosen.points.length === 0) return;
    tour?.player.stop();
    setSidebar(null);
    setPanel(null);
    const { engine, player } = runtime;
    const tourPlayer = new TourPlayer(chosen.points, {
      glide: (point: TourPoint) => {
        // never from outside the walls: a stop taken from above plays standing inside
        const stop = playableTourPose({ levels: engine.levels() }, point);
        const camera = engine.three.camera.position;
        const distance = Math.hypot(
          stop.position[0] - camera.x,
          stop.position[1] - camera.y,
          stop.position[2] - camera.z,
        );
        return player.glideTo(
          { position: stop.position, yaw: stop.rotation[1], pitch: stop.rotation[0] },
          Math.max(0.8, Math.min(4, distance / 2.5)),
        );
      },
      onChange: (state) => setTourState(state),
      audio: (point, playing) => {
        if (!point?.audioUri) {
          tourAudio.current?.pause();
          if (!point) {
            tourAudio.current?.remove();
            tourAudio.current = null;
          }
          return;
        }
        if (!tourAudio.current || tourAudio.current.dataset.point !== point.guidedTourPointId) {
          tourAudio.current?.pause();
          tourAudio.current?.remove();
          const audio = new Audio(point.audioUri);
          audio.dataset.point = point.guidedTourPointId;
          audio.dataset.role = "tour-audio";
          window.document.body.append(audio);
          // the volume now, not when the tour started
          audio.volume = volumeRef.current / 100;
          tourAudio.current = audio;
        }
        if (playing) void tourAudio.current.play().catch(() => {});
        else tourAudio.current.pause();
      },
    });
    setTour({ tour: chosen, player: tourPlayer });
    engine.keepRendering("tour", true);
    tourPlayer.play();
  };
  const stopTour = useCallback(() => {
    if (!tour) return;
    tour.player.stop();
    runtime?.engine.keepRendering("tour", false);
    runtime?.player.endGlide();
    tourAudio.current?.pause();
    tourAudio.current?.remove();
    tourAudio.current = null;
    setTour(null);
    setTourState(null);
  }, [tour, runtime]);
  useEffect(() => {
    if (!tour || !runtime) return;
    const off = runtime.engine.on("frame", (delta: number) => tour.player.tick(delta));
    const timer = setInterval(() => setTourState(tour.player.current), 250);
    return () => {
      off();
      clearInterval(timer);
    };
  }, [tour, runtime]);

  const pickLevel = (level: Level) => {
    if (!runtime) return;
    const outline = level.floor.outline;
    const x = outline.reduce((sum, p) => sum + p[0], 0) / outline.length;
    const z = outline.reduce((sum, p) => sum + p[1], 0) / outline.length;
    runtime.player.teleport({
      position: [x, level.elevation, z],
      yaw: poseRef.current?.yaw ?? 0,
      pitch: 0,
    });
  };

  const emote = (name: Emote) => {
    runtime?.player.playEmote(name);
    // others see it too: the emote rides on this visitor's transforms while it plays
    ownEmote.current = {
      name,
      until: performance.now() + (runtime?.module.EMOTE_SECONDS ?? 2.6) * 1000,
    };
    if (phone) setSidebar(null);
  };

  const metadata = scene?.metadata;
  // live together (issue 16): the space's live instance, its visitors and public chat
  const live = useLiveScene(
    sceneId,
    flags.showCommunications && metadata !== undefined && !draft,
    Boolean(me),
    {
      onGreeted: (greeting) =>
        showToast({
          message: t("live.greets", { name: greeting.from.name }),
          "data-testid": "greeted-toast",
        }),
    },
  );
  // the creator and visitor menu (issue 16): mutes, direct messages, greetings, removal
  const mutes = useMutes(Boolean(me));
  const dms = useDirectMessages(
    me?.userId ?? null,
    flags.showCommunications && metadata !== undefined && !draft,
  );
  // the party (issue 19): its sidebar, invitations arriving, and following the leader
  const onPartyInvited = useCallback(
    (invitation: PartyInvitation) =>
      showToast({
        message: (
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <span>{t("party.invitedYou", { name: invitation.inviter.name })}</span>
            <Button size="compact-xs" variant="light" onClick={() => setSidebar("party")}>
              {t("party.open")}
            </Button>
          </Group>
        ),
        "data-testid": "party-invited-toast",
      }),
    [t],
  );
  const party = useParty(
    live,
    me?.userId ?? null,
    flags.showCommunications && metadata !== undefined && !draft,
    { onInvited: onPartyInvited, viewing: sidebar === "party" },
  );
  const followLeader = useCallback(() => {
    const trip = party.travel;
    party.dismissTravel();
    if (!trip) return;
    // a seat is held for this user in the leader's instance: joining the space takes it
    if (trip.sceneId === sceneId) void live.call("JoinScene", { sceneId });
    else void navigate(spacePath(trip.sceneId, flags));
  }, [party, live, sceneId, navigate, flags]);
  const [chatTab, setChatTab] = useState("public");
  // events (issue 19): the events sidebar and the chat's Event tab
  const sceneEvents = useSceneEvents(
    sceneId,
    live,
    flags.showCommunications && metadata !== undefined && !draft,
  );
  const myLiveUserId =
    live.visitors.find((visitor) => visitor.visitorId === live.myVisitorId)?.userId ??
    me?.userId ??
    null;
  const openEventChat = useCallback(() => {
    setChatTab("event");
    setSidebar("chat");
  }, []);
  // an event's page opens the space with ?event=: its chat when live, else the events sidebar
  const [arrivingEvent, setArrivingEvent] = useState(() =>
    new URLSearchParams(location.search).get("event"),
  );
  useEffect(() => {
    if (!arrivingEvent || !sceneEvents.loaded) return;
    setArrivingEvent(null);
    if (sceneEvents.live?.eventId === arrivingEvent) openEventChat();
    else setSidebar("events");
  }, [arrivingEvent, sceneEvents.loaded, sceneEvents.live, openEventChat]);
  const [avatarMenu, setAvatarMenu] = useState<{ visitorId: string; x: number; y: number } | null>(
    null,
  );
  const avatarMenuVisitor = avatarMenu
    ? live.visitors.find((visitor) => visitor.visitorId === avatarMenu.visitorId)
    : undefined;
  const [openGroupId, setOpenGroupId] = useState<string | null>(null);
  const openDirect = useCallback((groupId: string) => {
    setOpenGroupId(groupId);
    setChatTab("direct");
    setSidebar("chat");
  }, []);
  const greet = useCallback(
    async (visitorId: string) => {
      const ack = await live.greet(visitorId);
      if (ack.ok) {
        // the greeted one sees this avatar wave
        runtime?.player.playEmote("Wave");
        ownEmote.current = {
          name: "Wave",
          until: performance.now() + (runtime?.module.EMOTE_SECONDS ?? 2.6) * 1000,
        };
      }
      return ack;
    },
    [live.greet, runtime],
  );
  const owner = Boolean(me && metadata && me.userId === metadata.ownerId);
  // the space owner's moderation (issue 19): mute for everyone, chat lock, the log
  const moderation = useModeration(sceneId, owner && flags.showCommunications && !draft, live);
  const visitorActions = {
    sceneId,
    meId: me?.userId ?? null,
    moderation,
    mutes,
    greet,
    openDirect,
  };
  const publicMessages = useMemo(
    () => live.messages.filter((message) => !mutes.muted.has(message.user.userId)),
    [live.messages, mutes.muted],
  );
  const liveRef = useRef(live);
  liveRef.current = live;
  // the voice chat (issue 19): where this visitor, the camera and the others' avatars are
  const voiceFrame = useCallback((): VoiceFrameSource => {
    const camera = runtime?.engine.three.camera;
    const m = camera?.matrixWorld.elements;
    return {
      me: poseRef.current?.position ?? null,
      listener: m
        ? {
            position: [m[12], m[13], m[14]],
            forward: [-m[8], -m[9], -m[10]],
            up: [m[4], m[5], m[6]],
          }
        : null,
      avatars: remoteAvatars.current?.describe(camera, canvas ?? undefined) ?? [],
    };
  }, [runtime, canvas]);
  // other visitors' avatars, and this visitor's own transform sent at 12 Hz (at least once a
  // second while standing still, so newcomers see everyone)
  useEffect(() => {
    if (!runtime || !live.instanceId) return;
    const { engine, player, module } = runtime;
    // each visitor wears their own avatar (guests the default one)
    const list = avatars.data;
    const remotes = new module.RemoteAvatars(
      engine.three.scene,
      (avatarId) => avatarModelUrlOf(list, avatarId),
      () => engine.requestRender(),
    );
    remoteAvatars.current = remotes;
    const offFrame = engine.on("frame", (delta: number) => remotes.update(delta));
    // a still click on another visitor's avatar opens the visitor menu (and walks nowhere)
    const surface = engine.three.renderer.domElement;
    let pressedAt: { x: number; y: number } | null = null;
    const onAvatarPress = (event: PointerEvent) => {
      pressedAt = { x: event.clientX, y: event.clientY };
    };
    const onAvatarClick = (event: MouseEvent) => {
      const still =
        pressedAt && Math.hypot(event.clientX - pressedAt.x, event.clientY - pressedAt.y) < 6;
      if (!still) return;
      const visitorId = remotes.pickAt(event.clientX, event.clientY, engine.three.camera, surface);
      if (!visitorId) return;
      event.stopImmediatePropagation();
      setAvatarMenu({ visitorId, x: event.clientX, y: event.clientY });
    };
    surface.addEventListener("pointerdown", onAvatarPress, true);
    surface.addEventListener("click", onAvatarClick, true);
    let last = "";
    let lastSentAt = 0;
    let lastPosition: number[] | null = null;
    const timer = setInterval(() => {
      const current = liveRef.current;
      remotes.sync(
        current.visitors.filter((visitor) => visitor.visitorId !== current.myVisitorId),
        current.transforms.current,
      );
      const pose = player.pose();
      const now = performance.now();
      const moved = lastPosition
        ? Math.hypot(
            pose.position[0] - (lastPosition[0] ?? 0),
            pose.position[2] - (lastPosition[2] ?? 0),
          )
        : 0;
      lastPosition = [...pose.position];
      const emoting =
        ownEmote.current && ownEmote.current.until > now ? ownEmote.current.name : null;
      const state = {
        p: pose.position.map((value) => Math.round(value * 1000) / 1000) as [
          number,
          number,
          number,
        ],
        r: Math.round(pose.yaw * 1000) / 1000,
        a: moved > 0.02 ? ("walk" as const) : ("idle" as const),
        e: emoting,
      };
      const key = JSON.stringify(state);
      if (key !== last || now - lastSentAt > 1000) {
        current.sendTransform(state);
        last = key;
        lastSentAt = now;
      }
    }, 1000 / TRANSFORM_SEND_HZ);
    return () => {
      clearInterval(timer);
      offFrame();
      surface.removeEventListener("pointerdown", onAvatarPress, true);
      surface.removeEventListener("click", onAvatarClick, true);
      remotes.dispose();
      remoteAvatars.current = null;
      engine.requestRender();
    };
  }, [runtime, live.instanceId, avatars.data]);

  const visibleSidebars = SIDEBARS.filter(
    (entry) => !entry.communications || flags.showCommunications,
  );
  // the space's title card, toolbar, sidebars and panels are drawn once its room is shown (the
  // overlay hides them until then): less work before the first frame
  const [chromeShown, setChromeShown] = useState(false);
  if (!chromeShown && phase !== "starting" && phase !== "loading") setChromeShown(true);
  const chrome = chromeShown ? metadata : undefined;
  // a room the early start drew stays in view while the page takes it over
  const bootRoom = boot?.roomAt != null && (document === null || document === boot.document);
  const showOverlay =
    !bootRoom &&
    (phase === "starting" || (phase === "loading" && !failed) || (scene === null && !failed));

  return (
    <Box
      pos="fixed"
      inset={0}
      bg="#0f1b2d"
      style={{ overflow: "hidden" }}
      data-testid="viewer"
      data-phase={phase}
    >
      {boot ? (
        <div ref={canvasHost} style={{ width: "100%", height: "100%" }} />
      ) : (
        <canvas
          ref={setCanvas}
          data-testid="viewer-canvas"
          style={{
            width: "100%",
            height: "100%",
            display: "block",
            touchAction: "none",
            outline: "none",
          }}
          tabIndex={0}
        />
      )}

      {showOverlay && phase !== "webgl-missing" && (
        <ProgressOverlay progress={progress} title={metadata?.title} />
      )}

      {(failed || phase === "failed") && (
        <Box
          pos="absolute"
          inset={0}
          style={{ display: "grid", placeItems: "center", zIndex: 21, background: "#0f1b2d" }}
        >
          <Stack align="center" c="white">
            <Text size="lg">{t("viewerPage.loadFailed")}</Text>
            <Button onClick={onRetry}>{t("viewerPage.retry")}</Button>
          </Stack>
        </Box>
      )}

      {phase === "webgl-missing" && (
        <Box
          data-testid="webgl-missing"
          pos="absolute"
          inset={0}
          style={{ display: "grid", placeItems: "center", zIndex: 21, background: "#0f1b2d" }}
        >
          <Stack align="center" c="white" maw={520} ta="center" p="lg">
            <Text size="xl" fw={700}>
              {t("viewerPage.webglUnavailable")}
            </Text>
            <Text>{t("viewerPage.webglHelp")}</Text>
          </Stack>
        </Box>
      )}

      {phase === "room" && <StreamingBadge progress={progress} />}

      {chrome && (
        <Paper
          pos="absolute"
          top={12}
          left={12}
          radius="xl"
          px="sm"
          py={6}
          shadow="md"
          style={{ zIndex: 12, maxWidth: "min(420px, calc(100% - 84px))" }}
        >
          <Group gap="xs" wrap="nowrap">
            {!flags.embed && (
              <Tooltip label={t("viewerPage.home")}>
                <ActionIcon
                  component={Link}
                  to="/"
                  variant="subtle"
                  aria-label={t("viewerPage.home")}
                >
                  <ViewerIcon name="home" />
                </ActionIcon>
              </Tooltip>
            )}
            <Menu position="bottom-start" withinPortal zIndex={1002}>
              <Menu.Target>
                <UnstyledButton
                  data-testid="creator-menu"
                  style={{ display: "flex", gap: 8, alignItems: "center", minWidth: 0 }}
                >
                  <Avatar
                    src={chrome.creator?.profilePicture ?? undefined}
                    size="sm"
                    radius="xl"
                    alt=""
                  />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={700} size="sm" truncate>
                      {chrome.title}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {t("viewerPage.creator.by", { name: chrome.creator?.name ?? "" })}
                    </Text>
                  </div>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Box p={6}>
                  <FollowButton
                    userId={chrome.creator?.userId ?? chrome.ownerId}
                    size="xs"
                    fullWidth
                  />
                </Box>
                {flags.showCommunications && me?.userId !== chrome.ownerId && (
                  <VisitorActions
                    {...visitorActions}
                    opened
                    withFollow={false}
                    target={{
                      userId: chrome.creator?.userId ?? chrome.ownerId,
                      name: chrome.creator?.name ?? "",
                      guest: false,
                      visitorId:
                        live.visitors.find(
                          (visitor) =>
                            visitor.userId === (chrome.creator?.userId ?? chrome.ownerId) &&
                            visitor.visitorId !== live.myVisitorId,
                        )?.visitorId ?? null,
                    }}
                  />
                )}
              </Menu.Dropdown>
            </Menu>
            {draft && <Badge color="yellow">Draft</Badge>}
          </Group>
        </Paper>
      )}

      {flags.showSignIn && !me && chrome && (
        <Button
          component={Link}
          to={loginPath(`${location.pathname}${location.search}`)}
          target={flags.embed ? "_blank" : undefined}
          pos="absolute"
          top={phone ? 68 : 12}
          left={phone ? 12 : undefined}
          right={phone ? undefined : 68}
          size={phone ? "xs" : "sm"}
          radius="xl"
          style={{ zIndex: 12 }}
          data-testid="viewer-sign-in"
        >
          {t("viewerPage.signIn")}
        </Button>
      )}

      {chrome && (
        <ViewerToolbar
          entries={visibleSidebars.map((entry) => ({
            key: entry.key,
            icon: entry.icon,
            unavailable: entry.needsAccount && !me ? t("viewerPage.needsAccount") : null,
            unread: entry.key === "party" ? party.unread : 0,
          }))}
          active={sidebar}
          onToggle={(key) => setSidebar((open) => (open === key ? null : key))}
          phone={phone}
          besideDrawer={sidebar !== null && sidebar !== "share"}
        />
      )}

      {chrome && !tour && (
        <ControlsHint touch={touch} phone={phone} voice={flags.showCommunications} />
      )}

      {chrome && flags.showCommunications && live.instanceId && (
        <Suspense fallback={null}>
          <VoiceControl live={live} mutedUsers={mutes.muted} frame={voiceFrame} phone={phone} />
        </Suspense>
      )}

      {chrome &&
        party.travel &&
        (party.travel.sceneId !== sceneId || party.travel.instanceId !== live.instanceId) && (
          <FollowCountdown
            key={`${party.travel.instanceId}:${party.travel.seatUntil}`}
            travel={party.travel}
            phone={phone}
            onGo={followLeader}
            onCancel={() => {
              const space = party.travel?.sceneTitle || t("party.follow.aSpace");
              party.dismissTravel();
              showToast({ message: t("party.follow.stayed", { space }) });
            }}
          />
        )}

      {avatarMenu && avatarMenuVisitor && (
        <Menu
          opened
          onChange={(opened) => {
            if (!opened) setAvatarMenu(null);
          }}
          position="bottom-start"
          withinPortal
          zIndex={1002}
        >
          <Menu.Target>
            <Box
              pos="fixed"
              left={avatarMenu.x}
              top={avatarMenu.y}
              w={1}
              h={1}
              data-testid="avatar-menu-anchor"
            />
          </Menu.Target>
          <Menu.Dropdown data-testid="avatar-visitor-menu">
            <VisitorActions
              {...visitorActions}
              opened
              target={{
                userId: avatarMenuVisitor.userId,
                name: avatarMenuVisitor.name,
                guest: avatarMenuVisitor.guest,
                visitorId: avatarMenuVisitor.visitorId,
              }}
            />
          </Menu.Dropdown>
        </Menu>
      )}

      <Drawer
        opened={sidebar !== null && sidebar !== "share" && metadata !== undefined}
        onClose={() => setSidebar(null)}
        position="right"
        size={phone ? "100%" : "27%"}
        withOverlay={false}
        zIndex={1001}
        title={sidebar ? t(`viewer.sidebars.${sidebar}`) : ""}
        closeButtonProps={{ "aria-label": t("viewerPage.close") }}
        styles={{ content: { minWidth: phone ? undefined : 340 } }}
        lockScroll={false}
        trapFocus={false}
      >
        {metadata && sidebar === "spaceInfo" && <SpaceInfoPanel metadata={metadata} />}
        {sidebar === "emotes" && <EmotesPanel onEmote={emote} />}
        {sidebar === "paths" && <PathsPanel tours={tours.data ?? []} onPlay={startTour} />}
        {sidebar === "map" && (
          <MapView
            levels={runtime?.engine.levels() ?? []}
            pose={pose}
            onPickLevel={pickLevel}
            units={settings.units}
          />
        )}
        {sidebar === "more" && (
          <MorePanel
            thirdPerson={settings.thirdPerson}
            onThirdPerson={(thirdPerson) => setSettings({ ...settings, thirdPerson })}
            links={document?.links ?? []}
          />
        )}
        {metadata && sidebar === "miniExplore" && (
          <MiniExplorePanel
            current={metadata}
            signedIn={Boolean(me)}
            pathOf={(id) => spacePath(id, flags)}
          />
        )}
        {sidebar === "settings" && <SettingsPanel settings={settings} onChange={setSettings} />}
        {sidebar === "liveVisitors" && (
          <LiveVisitorsPanel
            state={live.state}
            visitors={live.visitors}
            myVisitorId={live.myVisitorId}
            countInScene={live.countInScene}
            actions={visitorActions}
            removed={live.removed !== null}
            moderation={
              moderation.owner ? (
                <ModerationPanel sceneId={sceneId} moderation={moderation} />
              ) : undefined
            }
          />
        )}
        {sidebar === "events" && (
          <EventsPanel
            sceneId={sceneId}
            events={sceneEvents.events}
            owner={owner}
            onOpenChat={openEventChat}
          />
        )}
        {sidebar === "party" && <PartyPanel meId={me?.userId ?? null} party={party} visible />}
        {sidebar === "chat" && (
          <ChatPanel
            state={live.state}
            canChat={live.canChat}
            closedBy={live.mutedByOwner ? "muted" : live.chatLocked && !owner ? "locked" : null}
            messages={publicMessages}
            myVisitorId={live.myVisitorId}
            onSend={live.sendMessage}
            moderation={moderation.owner ? moderation : undefined}
            event={
              <EventChatTab
                event={sceneEvents.live}
                meId={myLiveUserId}
                canChat={live.canChat}
                visible={chatTab === "event"}
                send={(eventId, text) => live.call("SendEventMessage", { eventId, text })}
              />
            }
            direct={{
              dms: me ? dms : null,
              meId: me?.userId ?? null,
              openGroupId,
              onOpen: setOpenGroupId,
              tab: chatTab,
              onTab: setChatTab,
            }}
          />
        )}
      </Drawer>

      {tour && tourState && (
        <TourBar
          tour={tour.tour}
          state={tourState}
          onPlay={() => tour.player.play()}
          onPause={() => tour.player.pause()}
          onNext={() => tour.player.next()}
          onPrevious={() => tour.player.previous()}
          onStop={stopTour}
        />
      )}

      {touch && runtime && !tour && (phase === "room" || phase === "loaded") && (
        <Joystick onChange={(x, y) => runtime.player.setJoystick(x, y)} />
      )}

      <ContentPanels
        panel={panel}
        onClose={() => setPanel(null)}
        assets={scene?.assets}
        units={settings.units}
      />
      {metadata && (
        <ShareModal
          opened={sidebar === "share"}
          onClose={() => setSidebar(null)}
          sceneId={sceneId}
          title={metadata.title}
        />
      )}
    </Box>
  );
}

function ProgressOverlay({ progress, title }: { progress: ProgressStore; title?: string }) {
  return <LoadingOverlay progress={useProgress(progress)} title={title} />;
}

/** 'Loading n%...' while items stream in after the room. */
function StreamingBadge({ progress }: { progress: ProgressStore }) {
  const { t } = useTranslation();
  const fraction = useProgress(progress);
  const dots = useTrailingDots();
  return (
    <Badge
      pos="absolute"
      top={16}
      left="50%"
      size="lg"
      variant="white"
      style={{ transform: "translateX(-50%)", zIndex: 11 }}
      data-testid="viewer-streaming"
    >
      {t("viewerPage.loadingItems", { percent: Math.round(fraction * 100) })}
      {dots}
    </Badge>
  );
}
