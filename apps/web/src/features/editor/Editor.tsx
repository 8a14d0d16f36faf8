import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Me } from "../auth/use-me";
import { ConfirmDialog } from "./ConfirmDialog";
import classes from "./Editor.module.css";
import { useEditorSnapshot, useEditorStore } from "./EditorContext";
import { EditorHeader } from "./EditorHeader";
import { FloorPlan } from "./floor-plan/FloorPlan";
import { Inspector } from "./Inspector";
import { Outline } from "./Outline";
import { AddContentPanel } from "./panels/AddContentPanel";
import { DefineSpacePanel } from "./panels/DefineSpacePanel";
import { PublishPanel } from "./panels/PublishPanel";
import { ShapeStylePanel } from "./panels/ShapeStylePanel";
import { ToursPanel } from "./panels/ToursPanel";
import { EDITOR_STEPS, type EditorStep } from "./store/editor-store";
import { useAutosave } from "./use-autosave";
import { useLeavePrompt } from "./use-leave-prompt";
import type { SceneSaver } from "./use-scene-saver";
import { useShortcuts } from "./use-shortcuts";
import { Viewport } from "./Viewport";

const STEP_ICONS: Record<EditorStep, string> = {
  defineSpace: "1",
  shapeStyle: "2",
  addContent: "3",
  createStoriesOrPaths: "4",
  publishAndShare: "5",
};

/** The editor: header, the five steps on the left, the plan or 3D view, the outline on the right. */
export function Editor({
  me,
  saver,
  districtId = null,
}: {
  me: Me;
  saver: SceneSaver;
  /** The space's district, or null for a space of one's own. */
  districtId?: string | null;
}) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const { document, session, dirty } = useEditorSnapshot();
  const [view, setView] = useState<"plan" | "3d">(document.customSpace ? "plan" : "3d");
  // the plan is for defining the space; the other steps work in 3D (either can be chosen)
  useEffect(() => setView(session.step === "defineSpace" ? "plan" : "3d"), [session.step]);
  useShortcuts(store, () => void saver.save());
  useAutosave(
    {
      enabled: me.autoSave,
      loaded: true,
      dirty: dirty && session.readOnlyReason === null,
      change: document,
      saved: session.sceneId !== null,
    },
    () => saver.save({ auto: true }),
  );
  const blocker = useLeavePrompt(dirty);
  const level = document.customSpace?.levels.find(
    (candidate) => candidate.id === session.activeLevelId,
  );
  const showPlan = view === "plan" && level !== undefined;

  return (
    <div className={classes.editor}>
      <EditorHeader me={me} saver={saver} districtId={districtId} />
      <div className={classes.phoneNotice}>
        <Stack align="center" p="xl" gap="sm">
          <Text fw={600} ta="center">
            {t("editorUi.phone.title")}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {t("editorUi.phone.body")}
          </Text>
          <Button component={Link} to="/" variant="light">
            {t("editorUi.phone.home")}
          </Button>
        </Stack>
      </div>
      <div className={classes.body}>
        <nav className={classes.rail} aria-label={t("editorUi.steps.label")}>
          {EDITOR_STEPS.map((step) => (
            <Tooltip key={step} label={t(`editor.steps.${step}`)} position="right">
              <UnstyledButton
                className={step === session.step ? classes.railActive : classes.railButton}
                onClick={() => store.setStep(step)}
                aria-current={step === session.step ? "step" : undefined}
                data-testid={`step-${step}`}
              >
                <span className={classes.railNumber}>{STEP_ICONS[step]}</span>
                <span className={classes.railLabel}>{t(`editor.steps.${step}`)}</span>
              </UnstyledButton>
            </Tooltip>
          ))}
        </nav>
        <aside className={classes.panel}>
          {session.readOnlyReason ? (
            <Alert
              color="red"
              title={t("editorUi.readOnly.title")}
              mb="sm"
              data-testid="editor-read-only"
            >
              {t("editorUi.readOnly.body", { reason: session.readOnlyReason })}
            </Alert>
          ) : null}
          {session.step === "defineSpace" ? <DefineSpacePanel /> : null}
          {session.step === "shapeStyle" ? <ShapeStylePanel /> : null}
          {session.step === "addContent" ? <AddContentPanel /> : null}
          {session.step === "createStoriesOrPaths" ? <ToursPanel saver={saver} /> : null}
          {session.step === "publishAndShare" ? <PublishPanel saver={saver} /> : null}
        </aside>
        <main className={classes.centre}>
          <Group justify="space-between" className={classes.centreBar}>
            <SegmentedControl
              size="xs"
              value={showPlan ? "plan" : "3d"}
              onChange={(value) => setView(value as "plan" | "3d")}
              data={[
                { value: "plan", label: t("editorUi.view.plan"), disabled: !document.customSpace },
                { value: "3d", label: t("editorUi.view.threeD") },
              ]}
              data-testid="view-switch"
            />
            {level ? (
              <Text size="sm" c="dimmed">
                {level.name}
              </Text>
            ) : null}
          </Group>
          <div className={classes.stage}>
            {showPlan && level ? (
              <FloorPlan level={level} readOnly={session.readOnlyReason !== null} />
            ) : (
              <Viewport />
            )}
          </div>
        </main>
        <aside className={classes.side}>
          <Outline />
          <Inspector />
        </aside>
      </div>
      <ConfirmDialog
        opened={blocker.state === "blocked"}
        title={t("editorUi.leave.title")}
        message={t("editorUi.leave.body")}
        confirmLabel={t("editorUi.leave.confirm")}
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
        danger
      />
      <Modal
        opened={saver.conflict}
        onClose={saver.dismissConflict}
        title={t("editorUi.conflict.title")}
        centered
        zIndex={10000001}
      >
        <Text size="sm">{t("editorUi.conflict.body")}</Text>
        <Group justify="flex-end" mt="lg">
          <Button
            variant="default"
            onClick={() => void saver.reloadAfterConflict()}
            data-testid="conflict-reload"
          >
            {t("editorUi.conflict.reload")}
          </Button>
          <Button onClick={() => void saver.saveCopyAfterConflict()} data-testid="conflict-copy">
            {t("editorUi.conflict.copy")}
          </Button>
        </Group>
      </Modal>
    </div>
  );
}
