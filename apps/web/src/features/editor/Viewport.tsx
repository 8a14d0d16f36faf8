import { type SceneDocument, type SceneItemList, transformItems } from "@atrium/domain";
import { Center, Group, SegmentedControl, Switch, Text } from "@mantine/core";
import { type DragEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Engine } from "../../engine";
import type { EditorView } from "../../engine/editor/editor-view";
import { placementFromPick } from "../../engine/editor/placement-from-pick";
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

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let disposed = false;
    const cleanups: (() => void)[] = [];
    void (async () => {
      const [{ createEngine }, { EditorView }] = await Promise.all([
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
        bridge.register({ getPose: () => view.getPose(), flyTo: (pose) => view.flyTo(pose) }),
      );
      // the bench and the journeys read draw calls from here, when they ask for it (debug-hook.ts)
      cleanups.push(exposeEditorEngine(engine, view));
      setStatus("ready");
    })();
    return () => {
      disposed = true;
      for (const cleanup of cleanups) cleanup();
      viewRef.current?.dispose();
      engineRef.current?.dispose();
      viewRef.current = null;
      engineRef.current = null;
    };
  }, [bridge, store]);

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
      </Group>
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
