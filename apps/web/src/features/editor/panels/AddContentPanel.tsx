import type { LibraryAsset, PortalStyle, PropCatalogueItem, Vec3 } from "@atrium/domain";
import {
  Alert,
  Button,
  Card,
  Group,
  Image,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchLibraryPage, libraryPath } from "../../../api/assets";
import { api } from "../../../api/client";
import { UploadAssetModal } from "../../../pages/library/UploadAssetModal";
import { type ContentSource, defaultPlacement, placeContent, standingHeight } from "../add-content";
import {
  CONTENT_KINDS,
  type ContentKind,
  DRAG_TYPE,
  LIBRARY_SECTION_OF,
  LIST_OF,
  WALL_KINDS,
} from "../content-kinds";
import { useEditorSnapshot, useEditorStore, useViewBridge } from "../EditorContext";
import { reportEditError } from "../editor-messages";

const fetchProps = () => api<PropCatalogueItem[]>("/api/assetService/prop");
const fetchPortalStyles = () => api<PortalStyle[]>("/api/assetService/portal");

/** Adds a source to the scene where content of its kind goes by default, and selects it. */
export function useAddContent() {
  const store = useEditorStore();
  const view = useViewBridge();
  return (kind: ContentKind, source: ContentSource) => {
    const document = store.getDocument();
    const activeLevel =
      store.getSession().activeLevelId ?? document.customSpace?.levels[0]?.id ?? "level-1";
    // where the creator is looking in the 3D view (issue 21 item 2), else the default spot
    const seen = view.placeNew(WALL_KINDS.includes(LIST_OF[kind]), activeLevel);
    const placement = seen
      ? { ...seen, position: standingHeight(kind, seen).map(toMillimetres) as Vec3 }
      : null;
    const levelId = seen?.levelId ?? activeLevel;
    try {
      const { command, id } = placeContent(
        document,
        levelId,
        kind,
        source,
        placement ?? defaultPlacement(document, levelId, kind),
      );
      const error = store.execute(command);
      reportEditError(error);
      if (!error) store.select([{ list: LIST_OF[kind], id }]);
    } catch (error) {
      reportEditError((error as Error).message);
    }
  };
}

const toMillimetres = (value: number) => Math.round(value * 1000) / 1000 + 0;

/**
 * Add Content: every kind of content, from the user's library (click to add, or drag into the
 * 3D view) or uploaded here; 3D texts, info points and web views are created on the spot.
 */
export function AddContentPanel() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ContentKind>("pictures");
  const { session } = useEditorSnapshot();
  const disabled = session.readOnlyReason !== null;
  return (
    <Stack gap="sm" h="100%">
      <Title order={3}>{t("editor.steps.addContent")}</Title>
      <Select
        label={t("editorUi.content.kind")}
        data={CONTENT_KINDS.map((value) => ({
          value,
          label: t(`editorUi.content.kinds.${value}`),
        }))}
        value={kind}
        allowDeselect={false}
        onChange={(value) => value && setKind(value as ContentKind)}
        data-testid="content-kind"
      />
      {disabled ? null : <KindSource kind={kind} key={kind} />}
    </Stack>
  );
}

function KindSource({ kind }: { kind: ContentKind }) {
  const section = LIBRARY_SECTION_OF[kind];
  if (kind === "props") return <PropsSource />;
  if (kind === "portals") return <PortalsSource />;
  if (kind === "infoPoints") return <InfoPointSource />;
  if (kind === "texts3d" || kind === "hypertexts") return <TextSource kind={kind} />;
  if (kind === "webViews3d") return <WebViewSource />;
  return section ? <LibrarySource kind={kind} section={section} /> : null;
}

function dragStart(event: DragEvent, kind: ContentKind, source: ContentSource) {
  event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ kind, source }));
  event.dataTransfer.effectAllowed = "copy";
}

function SourceCard({
  title,
  thumbnail,
  onAdd,
  onDragStart,
}: {
  title: string;
  thumbnail: string | null;
  onAdd: () => void;
  onDragStart: (event: DragEvent) => void;
}) {
  return (
    <Card
      withBorder
      padding={6}
      draggable
      onDragStart={onDragStart}
      onClick={onAdd}
      style={{ cursor: "pointer" }}
      data-testid="content-card"
      aria-label={title}
      role="button"
    >
      {thumbnail ? (
        <Image src={thumbnail} alt="" h={72} radius="sm" fit="cover" />
      ) : (
        <div style={{ height: 72, background: "var(--mantine-color-gray-1)", borderRadius: 4 }} />
      )}
      <Text size="xs" mt={4} truncate>
        {title || "—"}
      </Text>
    </Card>
  );
}

function LibrarySource({
  kind,
  section,
}: {
  kind: ContentKind;
  section: NonNullable<(typeof LIBRARY_SECTION_OF)[ContentKind]>;
}) {
  const { t } = useTranslation();
  const add = useAddContent();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const path = libraryPath(section, "", true);
  const items = useQuery({
    queryKey: ["editor-library", section],
    queryFn: () => fetchLibraryPage(path, 0, 60),
  });
  const addAsset = (asset: LibraryAsset) => add(kind, { kind: "library", asset });
  return (
    <Stack gap="xs" style={{ minHeight: 0, flex: 1 }}>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t("editorUi.content.libraryHint")}
        </Text>
        <Button size="xs" onClick={() => setUploading(true)} data-testid="content-upload">
          {t("editorUi.content.upload")}
        </Button>
      </Group>
      {items.isError ? <Alert color="red">{t("editorUi.content.libraryFailed")}</Alert> : null}
      {items.data && items.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("editorUi.content.emptyLibrary")}
        </Text>
      ) : null}
      <ScrollArea style={{ flex: 1 }}>
        <SimpleGrid cols={2} spacing={6}>
          {(items.data ?? []).map((asset) => (
            <SourceCard
              key={asset.assetId}
              title={asset.title}
              thumbnail={asset.thumbnailUrl}
              onAdd={() => addAsset(asset)}
              onDragStart={(event) => dragStart(event, kind, { kind: "library", asset })}
            />
          ))}
        </SimpleGrid>
      </ScrollArea>
      <UploadAssetModal
        section={section}
        opened={uploading}
        onClose={() => setUploading(false)}
        onUploaded={(asset) => {
          void queryClient.invalidateQueries({ queryKey: ["editor-library", section] });
          addAsset(asset);
        }}
      />
    </Stack>
  );
}

function PropsSource() {
  const add = useAddContent();
  const props = useQuery({
    queryKey: ["catalogue", "props"],
    queryFn: fetchProps,
    staleTime: Infinity,
  });
  return (
    <ScrollArea style={{ flex: 1 }}>
      <SimpleGrid cols={2} spacing={6}>
        {(props.data ?? []).map((prop) => {
          const source: ContentSource = { kind: "prop", propId: prop.propId, title: prop.title };
          return (
            <SourceCard
              key={prop.propId}
              title={prop.title}
              thumbnail={prop.thumbnailUrl}
              onAdd={() => add("props", source)}
              onDragStart={(event) => dragStart(event, "props", source)}
            />
          );
        })}
      </SimpleGrid>
    </ScrollArea>
  );
}

function PortalsSource() {
  const add = useAddContent();
  const styles = useQuery({
    queryKey: ["catalogue", "portals"],
    queryFn: fetchPortalStyles,
    staleTime: Infinity,
  });
  return (
    <SimpleGrid cols={2} spacing={6}>
      {(styles.data ?? []).map((style) => {
        const source: ContentSource = {
          kind: "portal",
          assetId: style.assetId,
          title: style.title,
        };
        return (
          <SourceCard
            key={style.assetId}
            title={style.title}
            thumbnail={style.thumbnailUrl}
            onAdd={() => add("portals", source)}
            onDragStart={(event) => dragStart(event, "portals", source)}
          />
        );
      })}
    </SimpleGrid>
  );
}

function TextSource({ kind }: { kind: "texts3d" | "hypertexts" }) {
  const { t } = useTranslation();
  const add = useAddContent();
  const [content, setContent] = useState("");
  return (
    <Stack gap="xs">
      <TextInput
        label={t("editorUi.content.textContent")}
        value={content}
        maxLength={2000}
        onChange={(event) => setContent(event.currentTarget.value)}
        data-testid="text-content"
      />
      <Button
        onClick={() => {
          add(kind, {
            kind: "text",
            content: content.trim() || "Text",
            hyperText: kind === "hypertexts",
          });
          setContent("");
        }}
        data-testid="add-text"
      >
        {t(kind === "hypertexts" ? "editorUi.content.addHypertext" : "editorUi.content.addText")}
      </Button>
      <Text size="xs" c="dimmed">
        {t("editorUi.content.textHint")}
      </Text>
      <LibrarySource kind={kind} section={kind === "hypertexts" ? "3d-hypertexts" : "3d-texts"} />
    </Stack>
  );
}

function InfoPointSource() {
  const { t } = useTranslation();
  const add = useAddContent();
  const [title, setTitle] = useState("");
  return (
    <Stack gap="xs">
      <TextInput
        label={t("editorUi.content.infoTitle")}
        value={title}
        maxLength={100}
        onChange={(e) => setTitle(e.currentTarget.value)}
      />
      <Button onClick={() => add("infoPoints", { kind: "infoPoint", title: title.trim() })}>
        {t("editorUi.content.addInfoPoint")}
      </Button>
    </Stack>
  );
}

function WebViewSource() {
  const { t } = useTranslation();
  const add = useAddContent();
  const [url, setUrl] = useState("https://");
  const valid = /^https?:\/\/\S+\.\S+$/i.test(url);
  return (
    <Stack gap="xs">
      <TextInput
        label={t("editorUi.content.webViewUrl")}
        value={url}
        maxLength={2048}
        error={url.length > 8 && !valid ? t("editorUi.content.invalidUrl") : null}
        onChange={(e) => setUrl(e.currentTarget.value)}
      />
      <Button
        disabled={!valid}
        onClick={() => add("webViews3d", { kind: "webView", url, title: new URL(url).hostname })}
      >
        {t("editorUi.content.addWebView")}
      </Button>
      <LibrarySource kind="webViews3d" section="webviews" />
    </Stack>
  );
}
