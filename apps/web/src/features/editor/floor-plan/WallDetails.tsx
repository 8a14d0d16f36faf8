import { type Level, removeOpening, removeWall, updateWall, wallLength } from "@atrium/domain";
import { Button, Group, NumberInput, Paper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useEditorStore } from "../EditorContext";
import { reportEditError } from "../editor-messages";

/** The selected wall on the plan: its length, thickness, doors and windows. */
export function WallDetails({
  level,
  wallId,
  onRemoved,
  readOnly,
}: {
  level: Level;
  wallId: string;
  onRemoved: () => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const wall = level.walls.find((candidate) => candidate.id === wallId);
  if (!wall) return null;
  return (
    <Paper withBorder p="xs" data-testid="wall-details">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Text size="sm" fw={600}>
          {t("editorUi.plan.wallLength", { length: wallLength(wall).toFixed(2) })}
        </Text>
        <NumberInput
          size="xs"
          w={110}
          label={t("editorUi.plan.thickness")}
          value={wall.thickness}
          min={0.05}
          max={2}
          step={0.05}
          decimalScale={2}
          disabled={readOnly}
          onChange={(value) =>
            typeof value === "number" &&
            value > 0 &&
            reportEditError(
              store.run((d) => updateWall(d, level.id, wall.id, { thickness: value }), {
                mergeKey: `thickness:${wall.id}`,
              }),
            )
          }
        />
        {wall.openings.map((opening) => (
          <Button
            key={opening.id}
            size="compact-xs"
            variant="default"
            disabled={readOnly}
            onClick={() =>
              reportEditError(store.run((d) => removeOpening(d, level.id, wall.id, opening.id)))
            }
          >
            {t(`editorUi.plan.removeOpening.${opening.kind}`)}
          </Button>
        ))}
        <Button
          size="compact-xs"
          color="red"
          variant="light"
          disabled={readOnly}
          onClick={() => {
            reportEditError(store.run((d) => removeWall(d, level.id, wall.id)));
            onRemoved();
          }}
        >
          {t("editorUi.plan.removeWall")}
        </Button>
      </Group>
    </Paper>
  );
}
