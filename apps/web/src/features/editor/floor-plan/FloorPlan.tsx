import { addOpening, addRoom, addWall, type Level, removeWall } from "@atrium/domain";
import { SegmentedControl, Stack, Text } from "@mantine/core";
import { type PointerEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useEditorStore } from "../EditorContext";
import { reportEditError } from "../editor-messages";
import { newId } from "../ids";
import classes from "./FloorPlan.module.css";
import { fitOpening, type PlanPoint, projectOnWall, snapPoint } from "./plan-geometry";
import { WallDetails } from "./WallDetails";

export const PLAN_TOOLS = ["select", "room", "wall", "door", "window"] as const;
export type PlanTool = (typeof PLAN_TOOLS)[number];

const VIEW_HALF = 12;

/**
 * The 2D floor plan of one level: a metre grid, walls drawn by clicking corners (or a room by
 * dragging a rectangle), doors and windows placed by clicking on a wall. Every edit is one
 * command through the editor store, so undo and redo work here as in 3D.
 */
export function FloorPlan({ level, readOnly }: { level: Level; readOnly: boolean }) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const svg = useRef<SVGSVGElement>(null);
  const [tool, setTool] = useState<PlanTool>("room");
  const [zoom, setZoom] = useState(1);
  const [chainStart, setChainStart] = useState<PlanPoint | null>(null);
  const [anchor, setAnchor] = useState<PlanPoint | null>(null);
  const [pointer, setPointer] = useState<PlanPoint | null>(null);
  const [selectedWall, setSelectedWall] = useState<string | null>(null);
  const half = VIEW_HALF / zoom;

  const toPlan = (event: { clientX: number; clientY: number }): PlanPoint => {
    const element = svg.current;
    const matrix = element?.getScreenCTM();
    if (!element || !matrix) return [0, 0];
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return [point.x, point.y];
  };

  const endChain = () => {
    setAnchor(null);
    setChainStart(null);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setAnchor(null);
        setChainStart(null);
      }
      if (
        (event.key === "Delete" || event.key === "Backspace") &&
        selectedWall &&
        !isTyping(event)
      ) {
        reportEditError(store.run((d) => removeWall(d, level.id, selectedWall)));
        setSelectedWall(null);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [level.id, selectedWall, store]);

  const wallAt = (point: PlanPoint) => {
    let best: { id: string; along: number; distance: number } | null = null;
    for (const wall of level.walls) {
      const { along, distance } = projectOnWall(wall, point);
      if (distance < Math.max(0.3, wall.thickness) && (!best || distance < best.distance)) {
        best = { id: wall.id, along, distance };
      }
    }
    return best;
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (readOnly || event.button !== 0) return;
    const raw = toPlan(event);
    if (tool === "select") {
      setSelectedWall(wallAt(raw)?.id ?? null);
      return;
    }
    if (tool === "door" || tool === "window") {
      const hit = wallAt(raw);
      const wall = level.walls.find((candidate) => candidate.id === hit?.id);
      if (!hit || !wall) return;
      const opening = fitOpening(wall, tool, hit.along, newId(tool));
      if (!opening) {
        reportEditError(t("editorUi.plan.openingDoesNotFit"));
        return;
      }
      reportEditError(store.run((d) => addOpening(d, level.id, wall.id, opening)));
      return;
    }
    const point = snapPoint(raw, level.walls, anchor);
    if (tool === "room") {
      setAnchor(point);
      event.currentTarget.setPointerCapture(event.pointerId);
      return;
    }
    // wall tool: each click ends the current wall and starts the next one from there
    if (!anchor) {
      setAnchor(point);
      setChainStart(point);
      return;
    }
    if (point[0] === anchor[0] && point[1] === anchor[1]) {
      endChain();
      return;
    }
    const from = anchor;
    const error = store.run((d) =>
      addWall(d, level.id, { id: newId("wall"), start: from, end: point }),
    );
    reportEditError(error);
    if (chainStart && point[0] === chainStart[0] && point[1] === chainStart[1]) endChain();
    else setAnchor(point);
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    setPointer(snapPoint(toPlan(event), level.walls, anchor));
  };

  const onPointerUp = (event: PointerEvent<SVGSVGElement>) => {
    if (tool !== "room" || !anchor) return;
    const end = snapPoint(toPlan(event), level.walls, null);
    const from = anchor;
    setAnchor(null);
    if (Math.abs(end[0] - from[0]) < 0.5 || Math.abs(end[1] - from[1]) < 0.5) return;
    reportEditError(store.run((d) => addRoom(d, level.id, from, end, () => newId("wall"))));
  };

  const gridLines = [];
  for (let v = -Math.ceil(half); v <= Math.ceil(half); v += 1) {
    const major = v % 5 === 0;
    gridLines.push(
      <line
        key={`x${v}`}
        x1={v}
        y1={-half}
        x2={v}
        y2={half}
        className={major ? classes.major : classes.minor}
      />,
      <line
        key={`z${v}`}
        x1={-half}
        y1={v}
        x2={half}
        y2={v}
        className={major ? classes.major : classes.minor}
      />,
    );
  }

  const preview =
    anchor && pointer ? (
      tool === "room" ? (
        <rect
          x={Math.min(anchor[0], pointer[0])}
          y={Math.min(anchor[1], pointer[1])}
          width={Math.abs(pointer[0] - anchor[0])}
          height={Math.abs(pointer[1] - anchor[1])}
          className={classes.preview}
        />
      ) : (
        <line
          x1={anchor[0]}
          y1={anchor[1]}
          x2={pointer[0]}
          y2={pointer[1]}
          className={classes.previewLine}
        />
      )
    ) : null;

  return (
    <Stack gap="xs" className={classes.root}>
      <SegmentedControl
        size="xs"
        value={tool}
        onChange={(value) => {
          setTool(value as PlanTool);
          endChain();
        }}
        data={PLAN_TOOLS.map((value) => ({ value, label: t(`editorUi.plan.tools.${value}`) }))}
        disabled={readOnly}
        aria-label={t("editorUi.plan.toolsLabel")}
      />
      <svg
        ref={svg}
        className={classes.plan}
        viewBox={`${-half} ${-half} ${2 * half} ${2 * half}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onDoubleClick={endChain}
        onWheel={(event) =>
          setZoom((current) =>
            Math.min(4, Math.max(0.5, current * (event.deltaY < 0 ? 1.15 : 1 / 1.15))),
          )
        }
        role="application"
        aria-label={t("editorUi.plan.label", { level: level.name })}
        data-testid="floor-plan"
        data-tool={tool}
      >
        <g>{gridLines}</g>
        <polygon
          points={level.floor.outline.map((p) => p.join(",")).join(" ")}
          className={classes.floor}
        />
        {level.walls.map((wall) => {
          const dx = wall.end[0] - wall.start[0];
          const dz = wall.end[1] - wall.start[1];
          const length = Math.hypot(dx, dz);
          return (
            <g key={wall.id} data-testid="plan-wall" data-wall-id={wall.id}>
              <line
                x1={wall.start[0]}
                y1={wall.start[1]}
                x2={wall.end[0]}
                y2={wall.end[1]}
                strokeWidth={wall.thickness}
                className={wall.id === selectedWall ? classes.wallSelected : classes.wall}
              />
              {wall.openings.map((opening) => {
                const a = opening.offset / length;
                const b = (opening.offset + opening.width) / length;
                return (
                  <line
                    key={opening.id}
                    data-testid={`plan-${opening.kind}`}
                    x1={wall.start[0] + dx * a}
                    y1={wall.start[1] + dz * a}
                    x2={wall.start[0] + dx * b}
                    y2={wall.start[1] + dz * b}
                    strokeWidth={wall.thickness * 1.2}
                    className={opening.kind === "door" ? classes.door : classes.window}
                  />
                );
              })}
            </g>
          );
        })}
        {preview}
        {pointer && tool !== "select" ? (
          <circle cx={pointer[0]} cy={pointer[1]} r={0.12} className={classes.cursor} />
        ) : null}
      </svg>
      {selectedWall ? (
        <WallDetails
          level={level}
          wallId={selectedWall}
          onRemoved={() => setSelectedWall(null)}
          readOnly={readOnly}
        />
      ) : null}
      <Text size="xs" c="dimmed">
        {t(`editorUi.plan.hints.${tool}`)}
      </Text>
    </Stack>
  );
}

function isTyping(event: KeyboardEvent) {
  const target = event.target as HTMLElement | null;
  return Boolean(target?.closest("input, textarea, [contenteditable=true]"));
}
