import { createEmptySceneDocument } from "@atrium/domain";
import { coreMessages } from "@atrium/domain/messages/core";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { fetchSceneContent } from "../../api/spaces";
import { editorPath } from "../../app/paths";
import { showToast } from "../toast/toast";
import { InvalidDocumentError, StaleRevisionError, saveAsCopy, saveScene } from "./save-scene";
import { sceneCalls } from "./scene-calls";
import { type EditorStore, readStoredDocument } from "./store/editor-store";

export interface SceneSaver {
  /** `auto`: no toast, and it gives way to a save already running unless it may `wait`. */
  save(options?: { auto?: boolean; wait?: boolean }): Promise<boolean>;
  saving: boolean;
  /** A save found the scene saved elsewhere: the user picks reload or save as a copy. */
  conflict: boolean;
  reloadAfterConflict(): Promise<void>;
  saveCopyAfterConflict(): Promise<void>;
  dismissConflict(): void;
}

/**
 * The editor's save flow (spec 1 §4) around saveScene: one save at a time, the URL becomes
 * /curate/{sceneId} when a new scene is created, 'Successfully saved scene!' unless auto.
 */
export function useSceneSaver(
  store: EditorStore,
  /** After each save (the rendered cover): the scene and whether it was an autosave. */
  afterEachSave?: (sceneId: string, auto: boolean) => unknown,
  /** A new space's district (the district site's Create Space): its first save puts it there. */
  districtId: string | null = null,
): SceneSaver {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  /** The save running now: a user's Save waits for it, then saves what came after. */
  const running = useRef<Promise<boolean> | null>(null);

  const afterSave = useCallback(
    (result: Awaited<ReturnType<typeof saveScene>>, auto: boolean) => {
      store.markSaved(result);
      if (result.created) void navigate(editorPath(result.sceneId), { replace: true });
      if (!auto) showToast({ color: "green", message: coreMessages.editor.savedScene });
      void afterEachSave?.(result.sceneId, auto);
    },
    [navigate, store, afterEachSave],
  );

  const saveNow = useCallback(
    async (auto: boolean) => {
      store.flushPending();
      setSaving(true);
      const session = store.getSession();
      try {
        const result = await saveScene(
          {
            sceneId: session.sceneId,
            revision: session.revision,
            title: session.title,
            document: store.getDocument(),
            districtId,
          },
          sceneCalls,
        );
        afterSave(result, auto);
        return true;
      } catch (error) {
        if (error instanceof StaleRevisionError) setConflict(true);
        else if (error instanceof InvalidDocumentError)
          showToast({
            color: "red",
            message: t("editorUi.save.invalid", { reason: error.message }),
          });
        else showToast({ color: "red", message: t("editorUi.save.failed") });
        return false;
      } finally {
        setSaving(false);
      }
    },
    [afterSave, store, t, districtId],
  );

  const save = useCallback(
    async ({ auto = false, wait = !auto }: { auto?: boolean; wait?: boolean } = {}) => {
      if (store.getSession().readOnlyReason) return false;
      // one save at a time: an autosave gives way to the one running; a user's Save (or the
      // preview's) waits for it and then saves (it was dropped while an autosave ran)
      while (running.current) {
        if (!wait) return false;
        await running.current;
      }
      const run = saveNow(auto);
      running.current = run;
      try {
        return await run;
      } finally {
        if (running.current === run) running.current = null;
      }
    },
    [saveNow, store],
  );

  const reloadAfterConflict = useCallback(async () => {
    const session = store.getSession();
    if (!session.sceneId) return;
    const stored = await fetchSceneContent(session.sceneId);
    const loaded = readStoredDocument(stored.document, createEmptySceneDocument());
    store.load(loaded.document, {
      revision: stored.revision,
      readOnlyReason: loaded.ok ? null : loaded.reason,
    });
    setConflict(false);
  }, [store]);

  const saveCopyAfterConflict = useCallback(async () => {
    const session = store.getSession();
    setSaving(true);
    try {
      const result = await saveAsCopy({ ...session, document: store.getDocument() }, sceneCalls);
      store.setTitle(result.title);
      store.setPublished("Draft");
      store.markSaved(result);
      setConflict(false);
      void navigate(editorPath(result.sceneId), { replace: true });
      showToast({ color: "green", message: coreMessages.editor.savedScene });
    } catch {
      showToast({ color: "red", message: t("editorUi.save.failed") });
    } finally {
      setSaving(false);
    }
  }, [navigate, store, t]);

  return {
    save,
    saving,
    conflict,
    reloadAfterConflict,
    saveCopyAfterConflict,
    dismissConflict: () => setConflict(false),
  };
}
