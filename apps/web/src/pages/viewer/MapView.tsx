import type { Level } from "@atrium/domain";
import { SegmentedControl, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { PlayerPose } from "../../engine/player/player";

/** The level the visitor stands on: the highest whose elevation is at most their feet (+ a step). */
export function levelAt(levels: readonly Level[], y: number): Level | undefined {
  return (
    [...levels]
      .sort((a, b) => b.elevation - a.elevation)
      .find((level) => level.elevation <= y + 0.5) ?? levels[0]
  );
}

/** The floor plan of a level with walls and the visitor's position and heading. */
export function MapView({
  levels,
  pose,
  onPickLevel,
}: {
  levels: readonly Level[];
  pose: PlayerPose | null;
  onPickLevel: (level: Level) => void;
}) {
  const { t } = useTranslation();
  const current = levelAt(levels, pose?.position[1] ?? 0);
  if (!current) return <Text c="dimmed">{t("viewerPage.map.empty")}</Text>;
  const points = [
    ...current.floor.outline,
    ...current.walls.flatMap((wall) => [wall.start, wall.end]),
  ];
  const xs = points.map((p) => p[0]);
  const zs = points.map((p) => p[1]);
  const minX = Math.min(...xs) - 1;
  const minZ = Math.min(...zs) - 1;
  const width = Math.max(...xs) + 1 - minX;
  const height = Math.max(...zs) + 1 - minZ;
  const yaw = pose?.yaw ?? 0;
  return (
    <Stack gap="sm">
      {levels.length > 1 && (
        <SegmentedControl
          aria-label={t("viewerPage.map.level")}
          value={current.id}
          onChange={(id) => {
            const level = levels.find((entry) => entry.id === id);
            if (level) onPickLevel(level);
          }}
          data={levels.map((level) => ({ value: level.id, label: level.name }))}
        />
      )}
      <svg
        data-testid="viewer-map"
        viewBox={`${minX} ${minZ} ${width} ${height}`}
        style={{ width: "100%", maxHeight: 360, background: "#f4f6f8", borderRadius: 12 }}
        role="img"
        aria-label={current.name}
      >
        <polygon
          points={current.floor.outline.map(([x, z]) => `${x},${z}`).join(" ")}
          fill="#dfe7ef"
          stroke="none"
        />
        {current.walls.map((wall) => (
          <line
            key={wall.id}
            x1={wall.start[0]}
            y1={wall.start[1]}
            x2={wall.end[0]}
            y2={wall.end[1]}
            stroke="#34495e"
            strokeWidth={Math.max(0.12, wall.thickness)}
            strokeLinecap="square"
          />
        ))}
        {pose && (
          <g
            transform={`translate(${pose.position[0]} ${pose.position[2]}) rotate(${(-yaw * 180) / Math.PI})`}
          >
            <title>{t("viewerPage.map.you")}</title>
            <path
              d="M0,-0.7 L0.4,0.35 L0,0.15 L-0.4,0.35 Z"
              fill="#3DABFF"
              stroke="white"
              strokeWidth={0.08}
            />
          </g>
        )}
      </svg>
    </Stack>
  );
}
