import { createEmptySceneDocument } from "@atrium/domain";
import { Button, Center, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { fetchEmptyCustomScene, fetchSceneContent, fetchSceneMetadata } from "../../api/spaces";
import { ROUTES } from "../../app/paths";
import { PageMeta } from "../../app/shell/PageMeta";
import { RequireSignIn } from "../../features/auth/RequireSignIn";
import type { Me } from "../../features/auth/use-me";
import { Editor } from "../../features/editor/Editor";
import { EditorStoreProvider } from "../../features/editor/EditorContext";
import { loadEditorCatalogue } from "../../features/editor/i18n";
import { createCoverUploader } from "../../features/editor/rendered-cover";
import {
  EDITOR_STEPS,
  type EditorStep,
  EditorStore,
  readStoredDocument,
} from "../../features/editor/store/editor-store";
import { useDraftLimitGate } from "../../features/editor/use-draft-limit-gate";
import { useSceneSaver } from "../../features/editor/use-scene-saver";
import { ViewBridge } from "../../features/editor/view-bridge";

loadEditorCatalogue();

/** EDITOR (/curate: a new space, after the drafts-limit check) and EDITOR/{sceneId}. */
export function Component() {
  const { t } = useTranslation();
  return (
    <RequireSignIn>
      {(me) => (
        <>
          <PageMeta title={t("pages.editor")} noindex />
          <EditorRoute me={me} />
        </>
      )}
    </RequireSignIn>
  );
}

function EditorRoute({ me }: { me: Me }) {
  const { sceneId } = useParams();
  // the scene this page opened with: after the first save the URL gains the id, and the
  // editor must carry on with what it has instead of loading again
  const [openedWith] = useState(sceneId ?? null);
  return openedWith ? <ExistingScene me={me} sceneId={openedWith} /> : <NewScene me={me} />;
}

function NewScene({ me }: { me: Me }) {
  const gate = useDraftLimitGate();
  // Create Space on a district's site: the new space will be a draft of that district
  const [params] = useSearchParams();
  const districtId = params.get("districtId");
  const empty = useQuery({
    queryKey: ["scene-custom"],
    queryFn: ({ signal }) => fetchEmptyCustomScene(signal),
    enabled: gate === "allowed",
    staleTime: 0,
    gcTime: 0,
  });
  if (gate !== "allowed" || empty.isPending) return <EditorLoading />;
  const loaded = readStoredDocument(
    empty.data ?? createEmptySceneDocument(),
    createEmptySceneDocument(),
  );
  return (
    <EditorWithStore
      me={me}
      init={() => new EditorStore(loaded.document)}
      districtId={districtId}
    />
  );
}

function ExistingScene({ me, sceneId }: { me: Me; sceneId: string }) {
  const { t } = useTranslation();
  // ?step= opens a step (a card checkout started in the publish flow returns to it)
  const [params] = useSearchParams();
  const step = params.get("step");
  const [openStep] = useState(() =>
    EDITOR_STEPS.includes(step as EditorStep) ? (step as EditorStep) : null,
  );
  const scene = useQuery({
    queryKey: ["editor-scene", sceneId],
    queryFn: async () => {
      const [metadata, content] = await Promise.all([
        fetchSceneMetadata(sceneId),
        fetchSceneContent(sceneId),
      ]);
      return { metadata, content };
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  if (scene.isPending) return <EditorLoading />;
  if (scene.isError || !scene.data) {
    return (
      <Center h="100vh">
        <Stack align="center">
          <Text>{t("editorUi.load.failed")}</Text>
          <Button component={Link} to={ROUTES.EDITOR} variant="light">
            {t("editorUi.load.newSpace")}
          </Button>
        </Stack>
      </Center>
    );
  }
  const { metadata, content } = scene.data;
  return (
    <EditorWithStore
      me={me}
      districtId={metadata.districtId}
      init={() => {
        const loaded = readStoredDocument(content.document, createEmptySceneDocument());
        return new EditorStore(loaded.document, {
          sceneId,
          revision: content.revision,
          title: metadata.title,
          state: metadata.state,
          readOnlyReason: loaded.ok ? null : loaded.reason,
          ...(openStep ? { step: openStep } : {}),
        });
      }}
    />
  );
}

function EditorWithStore({
  me,
  init,
  districtId = null,
}: {
  me: Me;
  init: () => EditorStore;
  districtId?: string | null;
}) {
  const [store] = useState(init);
  const [view] = useState(() => new ViewBridge());
  useEffect(() => () => store.dispose(), [store]);
  const [afterSave] = useState(() => createCoverUploader(view));
  const saver = useSceneSaver(store, afterSave, districtId);
  return (
    <EditorStoreProvider store={store} view={view}>
      <Editor me={me} saver={saver} districtId={districtId} />
    </EditorStoreProvider>
  );
}

function EditorLoading() {
  const { t } = useTranslation();
  return (
    <Center h="100vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{t("common.loading")}</Text>
      </Stack>
    </Center>
  );
}
