import {
  composeCommands,
  type Level,
  LIGHTING_PRESETS,
  type LightingPreset,
  type MaterialItem,
  type SkyItem,
  type Surface,
  setEnvironment,
  updateLevel,
  updateWall,
} from "@atrium/domain";
import { Alert, Divider, Select, Stack, Switch, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/client";
import { useEditorSnapshot, useEditorStore } from "../EditorContext";
import { reportEditError } from "../editor-messages";
import { ColourField } from "../forms/ColourField";

const fetchMaterials = () => api<MaterialItem[]>("/api/assetService/material");
const fetchSkies = () => api<SkyItem[]>("/api/assetService/sky");

/** Shape Style: colours and materials of the active level's walls, floor and ceiling; sky and lighting. */
export function ShapeStylePanel() {
  const { t } = useTranslation();
  const store = useEditorStore();
  const { document, session } = useEditorSnapshot();
  const materials = useQuery({
    queryKey: ["catalogue", "materials"],
    queryFn: fetchMaterials,
    staleTime: Infinity,
  });
  const skies = useQuery({
    queryKey: ["catalogue", "skies"],
    queryFn: fetchSkies,
    staleTime: Infinity,
  });
  const space = document.customSpace;
  const level = space?.levels.find((candidate) => candidate.id === session.activeLevelId);
  const disabled = session.readOnlyReason !== null;

  if (!space || !level) {
    return (
      <Stack>
        <Title order={3}>{t("editor.steps.shapeStyle")}</Title>
        <Alert color="gray">{t("editorUi.style.premadeNote")}</Alert>
      </Stack>
    );
  }

  const materialOptions = [
    { value: "", label: t("editorUi.style.plainColour") },
    ...(materials.data ?? []).map((material) => ({
      value: material.materialId,
      label: material.title,
    })),
  ];
  const wallSurface: Surface = level.walls[0]?.left ?? { materialId: null, color: "#ffffff" };

  const paintWalls = (patch: Partial<Surface>) =>
    reportEditError(
      store.run((d) =>
        composeCommands(
          d,
          "Paint walls",
          level.walls.map(
            (wall) => (current) =>
              updateWall(current, level.id, wall.id, {
                left: { ...wall.left, ...patch },
                right: { ...wall.right, ...patch },
              }),
          ),
        ),
      ),
    );
  const setLevel = (patch: Partial<Pick<Level, "floor" | "ceiling">>) =>
    reportEditError(store.run((d) => updateLevel(d, level.id, patch)));

  return (
    <Stack gap="sm">
      <Title order={3}>{t("editor.steps.shapeStyle")}</Title>
      <Text size="sm" c="dimmed">
        {t("editorUi.style.levelNote", { level: level.name })}
      </Text>
      <Divider label={t("editorUi.style.walls")} labelPosition="left" />
      {level.walls.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("editorUi.style.noWalls")}
        </Text>
      ) : (
        <>
          <ColourField
            label={t("editorUi.style.colour")}
            value={wallSurface.color}
            onChange={(color) => paintWalls({ color })}
            disabled={disabled}
          />
          <Select
            label={t("editorUi.style.material")}
            data={materialOptions}
            value={wallSurface.materialId ?? ""}
            onChange={(value) => paintWalls({ materialId: value || null })}
            disabled={disabled}
          />
        </>
      )}
      <Divider label={t("editorUi.style.floor")} labelPosition="left" />
      <ColourField
        label={t("editorUi.style.colour")}
        value={level.floor.color}
        onChange={(color) => setLevel({ floor: { ...level.floor, color } })}
        disabled={disabled}
      />
      <Select
        label={t("editorUi.style.material")}
        data={materialOptions}
        value={level.floor.materialId ?? ""}
        onChange={(value) => setLevel({ floor: { ...level.floor, materialId: value || null } })}
        disabled={disabled}
      />
      <Divider label={t("editorUi.style.ceiling")} labelPosition="left" />
      <Switch
        label={t("editorUi.style.showCeiling")}
        checked={level.ceiling.visible}
        onChange={(event) =>
          setLevel({ ceiling: { ...level.ceiling, visible: event.currentTarget.checked } })
        }
        disabled={disabled}
      />
      <ColourField
        label={t("editorUi.style.colour")}
        value={level.ceiling.color}
        onChange={(color) => setLevel({ ceiling: { ...level.ceiling, color } })}
        disabled={disabled}
      />
      <Divider label={t("editorUi.style.environment")} labelPosition="left" />
      <Select
        label={t("editorUi.style.sky")}
        data={[
          { value: "", label: t("editorUi.style.noSky") },
          ...(skies.data ?? []).map((sky) => ({ value: sky.skyId, label: sky.title })),
        ]}
        value={space.skyId ?? ""}
        onChange={(value) =>
          reportEditError(store.run((d) => setEnvironment(d, { skyId: value || null })))
        }
        disabled={disabled}
      />
      <Select
        label={t("editorUi.style.lighting")}
        data={LIGHTING_PRESETS.map((preset) => ({
          value: preset,
          label: t(`editorUi.style.presets.${preset}`),
        }))}
        value={space.lighting}
        allowDeselect={false}
        onChange={(value) =>
          value &&
          reportEditError(
            store.run((d) => setEnvironment(d, { lighting: value as LightingPreset })),
          )
        }
        disabled={disabled}
      />
    </Stack>
  );
}
