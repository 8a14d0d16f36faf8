import { SPACE_TITLE_MAX_LENGTH, TIMEOUTS } from "@atrium/domain/constants";
import { coreMessages } from "@atrium/domain/messages/core";
import { ActionIcon, Badge, Button, Group, Switch, TextInput, Tooltip } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { updateUser } from "../../api/accounts";
import { viewerPath } from "../../app/paths";
import { Logo } from "../../app/shell/Logo";
import { type Me, meQueryKey } from "../auth/use-me";
import { showToast } from "../toast/toast";
import classes from "./Editor.module.css";
import { useEditorSnapshot, useEditorStore } from "./EditorContext";
import { EditorUpgradeButton } from "./EditorUpgradeButton";
import { ShortcutsHelp } from "./ShortcutsHelp";
import type { SceneSaver } from "./use-scene-saver";

/** The editor's header (spec 1 §2 Editor): title, state badge, autosave, Save, Preview, Upgrade. */
export function EditorHeader({
  me,
  saver,
  districtId,
}: {
  me: Me;
  saver: SceneSaver;
  /** The space's district (a new space made on a district's site), or null. */
  districtId: string | null;
}) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const { session, dirty, canUndo, canRedo, undoLabel, redoLabel } = useEditorSnapshot();
  const [title, setTitle] = useState(session.title);

  // the store hears the title 200 ms after typing stops (spec: debounced 200 ms); a save
  // flushes it first
  const typed = useRef(title);
  typed.current = title;
  useEffect(() => {
    const timer = setTimeout(() => store.setTitle(title), TIMEOUTS.titleDebounceMs);
    const unregister = store.onFlush(() => {
      clearTimeout(timer);
      store.setTitle(typed.current);
    });
    return () => {
      clearTimeout(timer);
      unregister();
    };
  }, [store, title]);
  // a title set by the editor (the generated untitled one, a reload) shows in the input
  useEffect(() => setTitle(session.title), [session.title]);

  const queryClient = useQueryClient();
  const autoSave = useMutation({
    mutationFn: (value: boolean) => updateUser(me.userId, { autoSave: value }),
    onMutate: (value) => {
      const previous = queryClient.getQueryData<Me>(meQueryKey);
      queryClient.setQueryData<Me>(meQueryKey, (current) =>
        current ? { ...current, autoSave: value } : current,
      );
      return { previous };
    },
    onError: (_error, _value, context) => {
      queryClient.setQueryData(meQueryKey, context?.previous);
      showToast({ color: "red", message: t("editorUi.header.autosaveFailed") });
    },
  });

  const readOnly = session.readOnlyReason !== null;
  // the preview shows what is saved: unsaved changes are saved first (the tab opens at once so
  // the browser does not treat it as a pop-up)
  const preview = async () => {
    const tab = window.open("", "_blank");
    if (dirty && !readOnly && !(await saver.save({ auto: true, wait: true }))) {
      tab?.close();
      return;
    }
    const sceneId = store.getSession().sceneId;
    if (!sceneId) {
      tab?.close();
      return;
    }
    const url = viewerPath(sceneId, { draft: true });
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  };
  return (
    <header className={classes.header}>
      <Group gap="sm" wrap="nowrap" className={classes.headerStart}>
        <Logo label={t("brand.name")} />
        <TextInput
          aria-label={t("editorUi.header.title")}
          placeholder={coreMessages.editor.untitledSpace}
          value={title}
          maxLength={SPACE_TITLE_MAX_LENGTH}
          onChange={(event) => setTitle(event.currentTarget.value.slice(0, SPACE_TITLE_MAX_LENGTH))}
          disabled={readOnly}
          className={classes.title}
          data-testid="editor-title"
        />
        <Badge
          className={classes.hideOnPhone}
          variant="light"
          color={session.state === "Published" ? "green" : "gray"}
          data-testid="editor-state"
        >
          {session.state === "Published"
            ? coreMessages.editor.published
            : coreMessages.editor.draft}
        </Badge>
        {dirty ? (
          <Badge
            variant="dot"
            color="orange"
            data-testid="editor-unsaved"
            className={classes.hideOnPhone}
          >
            {t("editorUi.header.unsaved")}
          </Badge>
        ) : null}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" className={classes.hideOnPhone}>
          <HistoryButton
            action="undo"
            label={undoLabel}
            disabled={!canUndo || readOnly}
            onClick={() => store.undo()}
          />
          <HistoryButton
            action="redo"
            label={redoLabel}
            disabled={!canRedo || readOnly}
            onClick={() => store.redo()}
          />
          <ShortcutsHelp />
        </Group>
        <Switch
          label={coreMessages.editor.autosave}
          checked={me.autoSave}
          onChange={(event) => autoSave.mutate(event.currentTarget.checked)}
          data-testid="editor-autosave"
          className={classes.hideOnPhone}
        />
        <Button
          onClick={() => void saver.save()}
          loading={saver.saving}
          disabled={readOnly}
          data-testid="editor-save"
        >
          {coreMessages.editor.save}
        </Button>
        <Button
          variant="default"
          onClick={() => void preview()}
          disabled={readOnly && !session.sceneId}
          className={classes.hideOnPhone}
          data-testid="editor-preview"
        >
          {coreMessages.editor.preview}
        </Button>
        <EditorUpgradeButton districtId={districtId} className={classes.hideOnPhone} />
      </Group>
    </header>
  );
}

/** Undo or redo, with the step it would take in its tooltip. */
function HistoryButton({
  action,
  label,
  disabled,
  onClick,
}: {
  action: "undo" | "redo";
  label: string | null;
  disabled: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip
      label={label ? t(`editorUi.header.${action}This`, { label }) : t(`editorUi.header.${action}`)}
    >
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t(`editorUi.header.${action}`)}
        disabled={disabled}
        onClick={onClick}
      >
        {action === "undo" ? "↶" : "↷"}
      </ActionIcon>
    </Tooltip>
  );
}
