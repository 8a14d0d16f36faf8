import {
  addLevel,
  hasWork,
  type PremadeFamily,
  removeLevel,
  setStartingPoint,
  switchToCustomSpace,
  switchToSpaceTemplate,
  updateLevel,
} from "@atrium/domain";
import { WALL_HEIGHT_METRES } from "@atrium/domain/constants";
import { canAddLevel, nextLevelCost } from "@atrium/domain/rules/extra-levels";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchPremadeFamilies, fetchPremadeFamily } from "../../../api/spaces";
import { ConfirmDialog } from "../ConfirmDialog";
import { useEditorSnapshot, useEditorStore, useViewBridge } from "../EditorContext";
import { reportEditError } from "../editor-messages";
import { newId } from "../ids";

type Pending =
  | { kind: "custom" }
  | { kind: "template"; templateId: string }
  | { kind: "removeLast"; levelId: string };

/**
 * Define Space: a premade space from the catalogue or a custom one drawn on the floor plan
 * (shown in the centre), its levels, and the cost of extra levels. Switching kinds or removing
 * the last level discards the scene's work, after confirmation (spec 1 §4).
 */
export function DefineSpacePanel() {
  const { t } = useTranslation();
  const store = useEditorStore();
  const { document, session } = useEditorSnapshot();
  const [pending, setPending] = useState<Pending | null>(null);
  const readOnly = session.readOnlyReason !== null;
  const levels = document.customSpace?.levels ?? [];
  const premade = useQuery({
    queryKey: ["premade-scenes"],
    queryFn: ({ signal }) => fetchPremadeFamilies(signal),
    retry: false,
  });
  const kind = document.customSpace ? "custom" : "premade";
  const [shown, setShown] = useState<"custom" | "premade">(kind);

  const queryClient = useQueryClient();
  /** A premade space with its own start point (looked up; without it the server computes one). */
  const chooseTemplate = async (templateId: string) => {
    let start: Parameters<typeof switchToSpaceTemplate>[2];
    try {
      const family = await queryClient.fetchQuery({
        queryKey: ["premade-family", templateId],
        queryFn: ({ signal }) => fetchPremadeFamily(templateId, signal),
        staleTime: Number.POSITIVE_INFINITY,
      });
      const own = family.templates.find((entry) => entry.spaceTemplateId === templateId)
        ?.document as
        | Partial<Record<"startingPosition" | "startingRotation", [number, number, number]>>
        | undefined;
      if (own?.startingPosition && own.startingRotation) {
        start = { position: own.startingPosition, rotation: own.startingRotation };
      }
    } catch {
      start = undefined;
    }
    reportEditError(store.run((d) => switchToSpaceTemplate(d, templateId, start)));
  };

  const apply = (choice: Pending) => {
    if (choice.kind === "custom") reportEditError(store.run((d) => switchToCustomSpace(d)));
    if (choice.kind === "template") void chooseTemplate(choice.templateId);
    if (choice.kind === "removeLast") {
      const { levelId } = choice;
      reportEditError(store.run((d) => removeLevel(d, levelId)));
    }
  };
  /** Switching a space that holds no work asks nothing (issue 21 item 8). */
  const choose = (choice: Pending) => {
    if (choice.kind !== "removeLast" && !hasWork(store.getDocument())) apply(choice);
    else setPending(choice);
  };
  const confirm = () => {
    if (!pending) return;
    apply(pending);
    setPending(null);
  };

  const addNextLevel = () => {
    const top = levels[levels.length - 1];
    const elevation = top ? top.elevation + (top.ceiling.height ?? WALL_HEIGHT_METRES) : 0;
    const id = newId("level");
    const error = store.run((d) =>
      addLevel(d, id, t("editorUi.define.levelName", { n: levels.length + 1 }), elevation),
    );
    reportEditError(error);
    if (!error) store.setActiveLevel(id);
  };

  const cost = nextLevelCost(levels.length);
  return (
    <Stack gap="md">
      <Title order={3}>{t("editor.steps.defineSpace")}</Title>
      <SegmentedControl
        value={shown}
        onChange={(value) => setShown(value as "custom" | "premade")}
        data={[
          { value: "custom", label: t("editorUi.define.custom") },
          { value: "premade", label: t("editorUi.define.premade") },
        ]}
      />
      {shown === "custom" ? (
        kind === "custom" ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t("editorUi.define.customHint")}
            </Text>
            <Group justify="space-between">
              <Text fw={600}>{t("editorUi.define.levels")}</Text>
              <Badge variant="light">
                {t("editorUi.define.wallHeight", { height: WALL_HEIGHT_METRES })}
              </Badge>
            </Group>
            {levels.map((level) => (
              <Group key={level.id} gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant={level.id === session.activeLevelId ? "filled" : "default"}
                  onClick={() => store.setActiveLevel(level.id)}
                  data-testid="level-button"
                >
                  {level.name}
                </Button>
                <TextInput
                  size="xs"
                  aria-label={t("editorUi.define.levelNameLabel")}
                  defaultValue={level.name}
                  key={level.name}
                  maxLength={50}
                  disabled={readOnly}
                  onBlur={(event) => {
                    const name = event.currentTarget.value.trim();
                    if (name && name !== level.name)
                      reportEditError(store.run((d) => updateLevel(d, level.id, { name })));
                  }}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("editorUi.define.removeLevel", { name: level.name })}
                  disabled={readOnly}
                  onClick={() =>
                    levels.length === 1
                      ? setPending({ kind: "removeLast", levelId: level.id })
                      : reportEditError(store.run((d) => removeLevel(d, level.id)))
                  }
                >
                  ✕
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="light"
              onClick={addNextLevel}
              disabled={readOnly || !canAddLevel(levels.length)}
              data-testid="add-level"
            >
              {cost > 0
                ? t("editorUi.define.addLevelCost", { credits: cost })
                : t("editorUi.define.addLevel")}
            </Button>
            <StartingPoint />
            {!canAddLevel(levels.length) ? (
              <Text size="xs" c="dimmed">
                {t("editorUi.define.levelLimit")}
              </Text>
            ) : null}
          </Stack>
        ) : (
          <Button
            onClick={() => choose({ kind: "custom" })}
            disabled={readOnly}
            data-testid="switch-custom"
          >
            {t("editorUi.define.buildCustom")}
          </Button>
        )
      ) : (
        <PremadeList
          families={premade.data ?? []}
          loading={premade.isPending}
          failed={premade.isError}
          selected={document.spaceTemplate?.templateId ?? null}
          onPick={(templateId) => choose({ kind: "template", templateId })}
          disabled={readOnly}
        />
      )}
      <ConfirmDialog
        opened={pending !== null}
        title={t("editorUi.define.discardTitle")}
        message={t("editorUi.define.discardMessage")}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
        danger
      />
    </Stack>
  );
}

function StartingPoint() {
  const { t } = useTranslation();
  const store = useEditorStore();
  const view = useViewBridge();
  const { document, session } = useEditorSnapshot();
  const set = () => {
    // where a visitor would stand: the walker's feet, or the floor below the overview camera
    const pose = view.getStandingPose();
    if (!pose?.feet) {
      reportEditError(t("editorUi.define.needView"));
      return;
    }
    const feet = pose.feet;
    reportEditError(
      store.run((d) => setStartingPoint(d, [feet[0], feet[1], feet[2]], [0, pose.yaw ?? 0, 0])),
    );
  };
  const [x, , z] = document.startingPosition;
  return (
    <Stack gap={4} mt="sm">
      <Text fw={600}>{t("editorUi.define.start")}</Text>
      <Text size="xs" c="dimmed">
        {t("editorUi.define.startHint")} ({x.toFixed(1)}, {z.toFixed(1)})
      </Text>
      <Button size="xs" variant="default" onClick={set} disabled={session.readOnlyReason !== null}>
        {t("editorUi.define.setStart")}
      </Button>
    </Stack>
  );
}

function PremadeList({
  families,
  loading,
  failed,
  selected,
  onPick,
  disabled,
}: {
  families: PremadeFamily[];
  loading: boolean;
  failed: boolean;
  selected: string | null;
  onPick: (templateId: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  if (loading) return <Text c="dimmed">{t("common.loading")}</Text>;
  if (failed || families.length === 0)
    return <Alert color="gray">{t("editorUi.define.noPremade")}</Alert>;
  return (
    <SimpleGrid cols={1} spacing="sm">
      {families.map((family) => (
        <Card key={family.spaceTemplateFamilyId} withBorder padding="sm">
          {family.coverPhoto ? <Image src={family.coverPhoto} alt="" h={100} radius="sm" /> : null}
          <Text fw={600} mt="xs">
            {family.title}
          </Text>
          <Group gap={6} mt={6}>
            {family.templates.map((template) => (
              <Button
                key={template.spaceTemplateId}
                size="xs"
                variant={template.spaceTemplateId === selected ? "filled" : "default"}
                disabled={disabled}
                onClick={() =>
                  template.spaceTemplateId !== selected && onPick(template.spaceTemplateId)
                }
              >
                {template.title || template.size}
              </Button>
            ))}
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
