import {
  composeCommands,
  type Level,
  LIGHTING_PRESETS,
  type LightingPreset,
  type MaterialItem,
  type SkyItem,
  type SpaceTemplateRef,
  type Surface,
  setEnvironment,
  setTemplateStyle,
  type TerrainItem,
  updateLevel,
  updateWall,
} from "@atrium/domain";
import { Alert, Divider, Select, Stack, Switch, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/client";
import { SpaceAudioField } from "../../audio/SpaceAudioField";
import { useEditorSnapshot, useEditorStore } from "../EditorContext";
import { reportEditError } from "../editor-messages";
import { ColourField } from "../forms/ColourField";

const fetchMaterials = () => api<MaterialItem[]>("/api/assetService/material");
const fetchSkies = () => api<SkyItem[]>("/api/assetService/sky");
const fetchTerrains = () => api<TerrainItem[]>("/api/assetService/terrain");

/** A premade space's choice left to its template (no override in the document). */
const AS_DESIGNED = "template";

function useCatalogue() {
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
  const terrains = useQuery({
    queryKey: ["catalogue", "terrains"],
    queryFn: fetchTerrains,
    staleTime: Infinity,
  });
  return {
    materials: materials.data ?? [],
    skies: skies.data ?? [],
    terrains: terrains.data ?? [],
  };
}

/**
 * Shape Style: colours and materials of the active level's walls, floor and ceiling; sky,
 * terrain and lighting. A premade space: overrides of all its walls, floors and ceilings and of
 * its sky, terrain and lighting.
 */
export function ShapeStylePanel() {
  const { t } = useTranslation();
  const store = useEditorStore();
  const { document, session } = useEditorSnapshot();
  const catalogue = useCatalogue();
  const space = document.customSpace;
  const level = space?.levels.find((candidate) => candidate.id === session.activeLevelId);
  const disabled = session.readOnlyReason !== null;

  if (document.spaceTemplate) {
    return (
      <Stack gap="sm">
        <PremadeStyle template={document.spaceTemplate} catalogue={catalogue} disabled={disabled} />
        <Divider label={t("editorUi.audio.background")} labelPosition="left" />
        <SpaceAudioField sceneId={session.sceneId} disabled={disabled} />
      </Stack>
    );
  }
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
    ...catalogue.materials.map((material) => ({
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
          ...catalogue.skies.map((sky) => ({ value: sky.skyId, label: sky.title })),
        ]}
        value={space.skyId ?? ""}
        onChange={(value) =>
          reportEditError(store.run((d) => setEnvironment(d, { skyId: value || null })))
        }
        disabled={disabled}
      />
      <Select
        label={t("editorUi.style.terrain")}
        data-testid="style-terrain"
        data={[
          { value: "", label: t("editorUi.style.noTerrain") },
          ...catalogue.terrains.map((terrain) => ({
            value: terrain.terrainId,
            label: terrain.title,
          })),
        ]}
        value={space.terrainId ?? ""}
        onChange={(value) =>
          reportEditError(store.run((d) => setEnvironment(d, { terrainId: value || null })))
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
      <Divider label={t("editorUi.audio.background")} labelPosition="left" />
      <SpaceAudioField sceneId={session.sceneId} disabled={disabled} />
    </Stack>
  );
}

type Catalogue = ReturnType<typeof useCatalogue>;
type SurfaceKind = "walls" | "floors" | "ceilings";

/**
 * Shape Style of a premade space: the template keeps its structure; all its walls, floors or
 * ceilings can take one finish, and its sky, terrain and lighting can be chosen. "As designed"
 * leaves the template's own (removes the override).
 */
function PremadeStyle({
  template,
  catalogue,
  disabled,
}: {
  template: SpaceTemplateRef;
  catalogue: Catalogue;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const asDesigned = { value: AS_DESIGNED, label: t("editorUi.style.asDesigned") };
  const style = (patch: Parameters<typeof setTemplateStyle>[1]) =>
    reportEditError(store.run((d) => setTemplateStyle(d, patch)));
  // "" is a choice of none (plain colour, no sky, no terrain); AS_DESIGNED removes the override
  const chosen = <T,>(value: string | null, none: T) =>
    value === AS_DESIGNED ? undefined : value ? value : none;

  const surface = (kind: SurfaceKind) => {
    const current = template[kind];
    return (
      <Stack gap="xs" key={kind}>
        <Divider label={t(`editorUi.style.${kind}`)} labelPosition="left" />
        <Select
          label={t("editorUi.style.material")}
          data-testid={`style-${kind}-material`}
          data={[
            asDesigned,
            { value: "", label: t("editorUi.style.plainColour") },
            ...catalogue.materials.map((material) => ({
              value: material.materialId,
              label: material.title,
            })),
          ]}
          value={current ? (current.materialId ?? "") : AS_DESIGNED}
          allowDeselect={false}
          onChange={(value) =>
            style({
              [kind]:
                value === AS_DESIGNED
                  ? undefined
                  : { materialId: value || null, color: current?.color ?? "#ffffff" },
            })
          }
          disabled={disabled}
        />
        {current ? (
          <ColourField
            label={t("editorUi.style.colour")}
            value={current.color}
            onChange={(color) => style({ [kind]: { ...current, color } })}
            disabled={disabled}
          />
        ) : null}
      </Stack>
    );
  };

  return (
    <Stack gap="sm">
      <Title order={3}>{t("editor.steps.shapeStyle")}</Title>
      <Text size="sm" c="dimmed">
        {t("editorUi.style.premadeStyleNote")}
      </Text>
      {(["walls", "floors", "ceilings"] as const).map(surface)}
      <Divider label={t("editorUi.style.environment")} labelPosition="left" />
      <Select
        label={t("editorUi.style.sky")}
        data-testid="style-sky"
        data={[
          asDesigned,
          { value: "", label: t("editorUi.style.noSky") },
          ...catalogue.skies.map((sky) => ({ value: sky.skyId, label: sky.title })),
        ]}
        value={template.skyId === undefined ? AS_DESIGNED : (template.skyId ?? "")}
        allowDeselect={false}
        onChange={(value) => style({ skyId: chosen(value, null) })}
        disabled={disabled}
      />
      <Select
        label={t("editorUi.style.terrain")}
        data-testid="style-terrain"
        data={[
          asDesigned,
          { value: "", label: t("editorUi.style.noTerrain") },
          ...catalogue.terrains.map((terrain) => ({
            value: terrain.terrainId,
            label: terrain.title,
          })),
        ]}
        value={template.terrainId === undefined ? AS_DESIGNED : (template.terrainId ?? "")}
        allowDeselect={false}
        onChange={(value) => style({ terrainId: chosen(value, null) })}
        disabled={disabled}
      />
      <Select
        label={t("editorUi.style.lighting")}
        data-testid="style-lighting"
        data={[
          asDesigned,
          ...LIGHTING_PRESETS.map((preset) => ({
            value: preset,
            label: t(`editorUi.style.presets.${preset}`),
          })),
        ]}
        value={template.lighting ?? AS_DESIGNED}
        allowDeselect={false}
        onChange={(value) =>
          style({ lighting: chosen(value, undefined) as LightingPreset | undefined })
        }
        disabled={disabled}
      />
    </Stack>
  );
}
