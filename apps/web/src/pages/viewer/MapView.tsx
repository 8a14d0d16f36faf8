import {
  formatLength,
  formatSize,
  type Level,
  type MeasurementUnit,
  scaleBar,
} from "@atrium/domain";
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

/**
 * The floor plan of a level with walls and the visitor's position and heading, a scale bar and
 * the level's size, in the visitor's Units setting.
 */
export function MapView({
  levels,
  pose,
  onPickLevel,
  units,
}: {
  levels: readonly Level[];
  pose: PlayerPose | null;
  onPickLevel: (level: Level) => void;
  units: MeasurementUnit;
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
  const plan = Math.max(...zs) + 1 - minZ;
  // below the plan: the scale bar and its label, sized with the drawing
  const font = Math.max(width, plan) * 0.045;
  const height = plan + font * 2.6;
  const bar = scaleBar((width - 2) / 2.5, units);
  const barY = minZ + plan + font * 0.8;
  const yaw = pose?.yaw ?? 0;
  const extent = {
    x: Math.max(...xs) - Math.min(...xs),
    z: Math.max(...zs) - Math.min(...zs),
  };
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
        {bar.metres > 0 && (
          <g data-testid="map-scale" aria-label={bar.label}>
            <line
              x1={minX + 1}
              y1={barY}
              x2={minX + 1 + bar.metres}
              y2={barY}
              stroke="#34495e"
              strokeWidth={font * 0.25}
            />
            {[0, bar.metres].map((at) => (
              <line
                key={at}
                x1={minX + 1 + at}
                y1={barY - font * 0.4}
                x2={minX + 1 + at}
                y2={barY + font * 0.4}
                stroke="#34495e"
                strokeWidth={font * 0.15}
              />
            ))}
            <text x={minX + 1} y={barY + font * 1.5} fontSize={font} fill="#34495e">
              {bar.label}
            </text>
          </g>
        )}
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
      <Text size="sm" c="dimmed" data-testid="map-size">
        {t(current.elevation > 0 ? "viewerPage.map.sizeRaised" : "viewerPage.map.size", {
          size: formatSize(extent.x, extent.z, units),
          elevation: formatLength(current.elevation, units),
        })}
      </Text>
    </Stack>
  );
}
