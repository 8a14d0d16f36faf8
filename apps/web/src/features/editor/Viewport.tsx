import {
  EYE_HEIGHT_METRES,
  insidePolygon,
  resolveStartPoint,
  roomsOf,
  type SceneDocument,
  type SceneItemList,
  setStartingPoint,
  standingPose,
  transformItems,
  type Vec3,
} from "@atrium/domain";
import { Button, Center, Group, Paper, SegmentedControl, Switch, Text } from "@mantine/core";
import { type DragEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Engine } from "../../engine";
import type { EditorView } from "../../engine/editor/editor-view";
import { placementFromPick } from "../../engine/editor/placement-from-pick";
import { placementFromView } from "../../engine/editor/placement-from-view";
import type { Player } from "../../engine/player/player";
import { type ContentSource, placeContent } from "./add-content";
import { type ContentKind, DRAG_TYPE, LIST_OF, WALL_KINDS } from "./content-kinds";
import { exposeEditorEngine } from "./debug-hook";
import classes from "./Editor.module.css";
import { useEditorSnapshot, useEditorStore, useViewBridge } from "./EditorContext";
import { reportEditError } from "./editor-messages";

/**
 * The 3D view: the engine draws the document (and redraws what each edit changed); the editor
 * layer adds the orbiting camera, the gizmo and selection boxes. Clicks select (shift adds),
 * dragging a gizmo moves the selection as one undo step, library cards dropped here land where
 * they were dropped: pictures and videos on the wall under the pointer.
 */
export function Viewport() {
  const { t } = useTranslation();
  const store = useEditorStore();
  const bridge = useViewBridge();
  const { session } = useEditorSnapshot();
  const canvas = useRef<HTMLCanvasElement>(null);
  const engineRef = useRef<Engine | null>(null);
  const viewRef = useRef<EditorView | null>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "unavailable">("loading");
  // walk mode: a visitor's player drives the camera (to see and set the start point, take tour
  // points from a visitor's eye)
  const playerRef = useRef<Player | null>(null);
  const [walking, setWalking] = useState(false);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let disposed = false;
    const cleanups: (() => void)[] = [];
    void (async () => {
      const [{ createEngine, captureStartView }, { EditorView }] = await Promise.all([
        import("../../engine"),
        import("../../engine/editor/editor-view"),
      ]);
      let engine: Engine;
      try {
        engine = await createEngine(element, { mode: "editor" });
      } catch {
        if (!disposed) setStatus("unavailable");
        return;
      }
      if (disposed) {
        engine.dispose();
        return;
      }
      const view = new EditorView(engine, element, {
        onTransform: (transforms) =>
          reportEditError(
            store.run(
              (document) =>
                transformItems(
                  document,
                  transforms.map(({ collection, id, position, rotation, scale }) => ({
                    ref: { list: collection as SceneItemList, id },
                    position,
                    rotation,
                    scale,
                  })),
                ),
              { mergeKey: "gizmo" },
            ),
          ),
        onTransformEnd: () => store.endMerge(),
      });
      engineRef.current = engine;
      viewRef.current = view;
      /** The walker's eye in walk mode (where a tour stop puts the camera); null otherwise. */
      const walkerEye = () => {
        const player = playerRef.current;
        if (!player) return null;
        const { position, yaw, pitch } = player.pose();
        const eye = engine.three.camera.position;
        return {
          position: [round(eye.x), round(eye.y), round(eye.z)] as Vec3,
          rotation: [round(pitch, 4), round(yaw, 4), 0] as Vec3,
          yaw: round(yaw, 4),
          feet: position,
          standing: true,
        };
      };
      await engine.load(store.getDocument());
      if (disposed) return;
      const levels = engine.levels();
      view.frameLevel(
        levels.find((level) => level.id === store.getSession().activeLevelId) ?? levels[0],
      );
      // a premade space's levels come from its template: the first one is where content goes
      if (!store.getSession().activeLevelId && levels[0]) store.setActiveLevel(levels[0].id);
      let last = store.getSnapshot();
      const sync = () => {
        const next = store.getSnapshot();
        if (next.document !== last.document) {
          engine.update(next.document);
          view.refresh();
        }
        if (next.session.selection !== last.session.selection || next.document !== last.document) {
          view.setSelection(movable(next.document, next.session.selection));
        }
        if (next.session.gizmo !== last.session.gizmo) view.setMode(next.session.gizmo);
        if (next.session.snapping !== last.session.snapping)
          view.setSnapping(next.session.snapping);
        last = next;
      };
      view.setSelection(movable(last.document, last.session.selection));
      view.setMode(last.session.gizmo);
      view.setSnapping(last.session.snapping);
      cleanups.push(store.subscribe(sync));
      cleanups.push(
        bridge.register({
          capture: () => captureStartView(engine, store.getDocument()),
          getPose: () => walkerEye() ?? view.getPose(),
          getStandingPose: () => {
            const eye = walkerEye();
            if (eye) return eye;
            const overview = view.getPose();
            const standing = standingPose(
              { levels: engine.levels() },
              {
                position: overview.position,
                yaw: overview.yaw ?? overview.rotation[1],
                pitch: overview.pitch ?? 0,
              },
            );
            const [x, y, z] = standing.position;
            return {
              position: [round(x), round(y), round(z)],
              rotation: [round(standing.rotation[0], 4), round(standing.rotation[1], 4), 0],
              yaw: round(standing.rotation[1], 4),
              feet: [round(x), round(y - EYE_HEIGHT_METRES), round(z)],
              standing: true,
            };
          },
          placeNew: (hangsOnWalls, levelId) => {
            const rect = element.getBoundingClientRect();
            const levels = engine.levels();
            return placementFromView(
              (x, y) =>
                engine.pick(
                  rect.left + ((x + 1) / 2) * rect.width,
                  rect.top + ((1 - y) / 2) * rect.height,
                ),
              hangsOnWalls,
              engine.three.camera.position,
              (id) => levels.find((level) => level.id === id)?.elevation ?? 0,
              levelId,
              (id, x, z) => {
                const level = levels.find((candidate) => candidate.id === id);
                const rooms = level ? roomsOf(level) : [];
                return (
                  rooms.length === 0 || rooms.some((room) => insidePolygon([x, z], room.outline))
                );
              },
            );
          },
          flyTo: (pose) => {
            const player = playerRef.current;
            if (player) {
              player.teleport({
                position: [
                  pose.position[0],
                  pose.position[1] - EYE_HEIGHT_METRES,
                  pose.position[2],
                ],
                yaw: pose.yaw ?? pose.rotation[1],
                pitch: pose.rotation[0],
              });
            } else view.flyTo(pose);
          },
        }),
      );
      // the bench and the journeys read draw calls from here, when they ask for it (debug-hook.ts)
      cleanups.push(exposeEditorEngine(engine, view));
      setStatus("ready");
    })();
    return () => {
      disposed = true;
      for (const cleanup of cleanups) cleanup();
      playerRef.current?.dispose();
      playerRef.current = null;
      viewRef.current?.dispose();
      engineRef.current?.dispose();
      viewRef.current = null;
      engineRef.current = null;
    };
  }, [bridge, store]);

  const startWalking = async () => {
    const engine = engineRef.current;
    const view = viewRef.current;
    const element = canvas.current;
    if (!engine || !view || !element || playerRef.current) return;
    const { createPlayer } = await import("../../engine/player/player");
    if (engineRef.current !== engine) return;
    // from the space's start point (inside, on the floor), as a visitor arrives
    const start = resolveStartPoint(store.getDocument(), { levels: engine.levels() });
    view.setWalking(true);
    playerRef.current = createPlayer(engine, element, {
      start: { position: start.position, yaw: start.rotation[1], pitch: 0 },
    });
    setWalking(true);
  };
  const stopWalking = () => {
    playerRef.current?.dispose();
    playerRef.current = null;
    viewRef.current?.setWalking(false);
    setWalking(false);
  };
  const setStartHere = () => {
    const player = playerRef.current;
    if (!player) return;
    const { position, yaw } = player.pose();
    reportEditError(
      store.run((document) =>
        setStartingPoint(
          document,
          [round(position[0]), round(position[1]), round(position[2])],
          [0, round(yaw, 4), 0],
        ),
      ),
    );
  };

  // a click (not a drag, not on the gizmo) selects what is under the pointer; shift adds
  const down = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (event: React.PointerEvent) => {
    down.current = viewRef.current?.gizmo.hovering ? null : { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: React.PointerEvent) => {
    const start = down.current;
    down.current = null;
    const engine = engineRef.current;
    if (!start || !engine || Math.hypot(event.clientX - start.x, event.clientY - start.y) > 5)
      return;
    const hit = engine.pick(event.clientX, event.clientY);
    if (hit?.kind !== "item") {
      if (!event.shiftKey) store.select([]);
      return;
    }
    const ref = { list: hit.collection, id: hit.id };
    if (event.shiftKey) store.toggleSelected(ref);
    else store.select([ref]);
  };

  const onDrop = (event: DragEvent) => {
    const raw = event.dataTransfer.getData(DRAG_TYPE);
    const engine = engineRef.current;
    if (!raw || !engine) return;
    event.preventDefault();
    const { kind, source } = JSON.parse(raw) as { kind: ContentKind; source: ContentSource };
    const document = store.getDocument();
    const activeLevel =
      store.getSession().activeLevelId ?? document.customSpace?.levels[0]?.id ?? "level-1";
    const levels = engine.levels();
    const placement = placementFromPick(
      engine.pick(event.clientX, event.clientY),
      WALL_KINDS.includes(LIST_OF[kind]),
      activeLevel,
      (levelId) => levels.find((level) => level.id === levelId)?.elevation ?? 0,
      engine.three.camera.position,
    );
    if (!placement) return;
    try {
      const { command, id } = placeContent(document, placement.levelId, kind, source, placement);
      const error = store.execute(command);
      reportEditError(error);
      if (!error) store.select([{ list: LIST_OF[kind], id }]);
    } catch (error) {
      reportEditError((error as Error).message);
    }
  };

  return (
    <div className={classes.viewport} data-testid="viewport" data-status={status}>
      <canvas
        ref={canvas}
        className={classes.canvas}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onDragOver={(event) => {
          if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
        }}
        onDrop={onDrop}
        aria-label={t("editorUi.view.canvas")}
      />
      <Group className={classes.viewTools} gap="xs">
        <Button
          size="compact-xs"
          variant={walking ? "filled" : "default"}
          onClick={() => (walking ? stopWalking() : void startWalking())}
          disabled={status !== "ready"}
          aria-pressed={walking}
          data-testid="walk-toggle"
        >
          {walking ? t("editorUi.walk.leave") : t("editorUi.walk.enter")}
        </Button>
        {walking ? null : (
          <>
            <SegmentedControl
              size="xs"
              value={session.gizmo}
              onChange={(value) => store.setGizmo(value as typeof session.gizmo)}
              data={[
                { value: "translate", label: t("editorUi.view.move") },
                { value: "rotate", label: t("editorUi.view.rotate") },
                { value: "scale", label: t("editorUi.view.scale") },
              ]}
            />
            <Switch
              size="xs"
              label={t("editorUi.view.snap")}
              checked={session.snapping}
              onChange={(event) => store.setSnapping(event.currentTarget.checked)}
            />
          </>
        )}
      </Group>
      {walking ? (
        <Paper className={classes.walkBar} shadow="sm" p="xs" withBorder data-testid="walk-bar">
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t("editorUi.walk.hint")}
            </Text>
            <Button
              size="compact-sm"
              style={{ flexShrink: 0 }}
              onClick={setStartHere}
              disabled={session.readOnlyReason !== null}
              data-testid="walk-set-start"
            >
              {t("editorUi.walk.setStart")}
            </Button>
          </Group>
        </Paper>
      ) : null}
      {status !== "ready" ? (
        <Center className={classes.viewOverlay}>
          <Text c="dimmed">
            {t(status === "unavailable" ? "editorUi.view.noWebgl" : "editorUi.view.engineLoading")}
          </Text>
        </Center>
      ) : null}
    </div>
  );
}

function round(value: number, digits = 3) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor + 0;
}

/** The selected items the gizmo may move: locked ones stay put; hung ones slide on their wall. */
function movable(
  document: SceneDocument,
  selection: readonly { list: SceneItemList; id: string }[],
) {
  return selection.flatMap((ref) => {
    const item = (
      document[ref.list] as readonly { id: string; locked: boolean; wallId?: string }[]
    ).find((candidate) => candidate.id === ref.id);
    return item && !item.locked
      ? [{ collection: ref.list, id: ref.id, onWall: item.wallId !== undefined }]
      : [];
  });
}
