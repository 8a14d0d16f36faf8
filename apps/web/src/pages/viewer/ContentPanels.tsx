import {
  formatSize,
  type InfoPointItem,
  type LibraryAsset,
  type MeasurementUnit,
  type PictureItem,
  shownPictureSize,
  type WebViewItem,
} from "@atrium/domain";
import { Anchor, Badge, Box, Image, Modal, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client";

// What opens when a visitor clicks content: a picture's focus view (the picture large, its
// title and description), an info point's card, a web view's page, a YouTube video.

export type OpenPanel =
  | { kind: "picture"; item: PictureItem }
  | { kind: "info"; item: InfoPointItem }
  | { kind: "webview"; item: WebViewItem }
  | { kind: "youtube"; title: string; link: string };

const fetchAsset = (family: string, assetId: string) =>
  api<LibraryAsset>(`/api/assetService/${family}/${encodeURIComponent(assetId)}`, { quiet: true });

/** A YouTube watch link as its privacy-friendly embed address, or null. */
export function youtubeEmbedUrl(link: string): string | null {
  try {
    const url = new URL(link);
    let id: string | null = null;
    if (url.hostname === "youtu.be") id = url.pathname.slice(1);
    else if (/(^|\.)youtube\.com$/.test(url.hostname))
      id = url.searchParams.get("v") ?? url.pathname.split("/embed/")[1] ?? null;
    return id && /^[\w-]{6,20}$/.test(id)
      ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`
      : null;
  } catch {
    return null;
  }
}

function PictureFocus({
  item,
  known,
  units,
}: {
  item: PictureItem;
  known?: LibraryAsset;
  units: MeasurementUnit;
}) {
  const { t } = useTranslation();
  const asset = useQuery({
    enabled: !known,
    initialData: known,
    queryKey: ["viewer-asset", "picture", item.assetId],
    queryFn: () => fetchAsset("picture", item.assetId),
  });
  const title = item.title || asset.data?.title || "";
  const description = item.description || asset.data?.description || "";
  return (
    <Stack gap="sm" data-testid="picture-focus">
      {asset.data?.fileUrl ? (
        <Image src={asset.data.fileUrl} alt={title} fit="contain" mah="65vh" radius="md" />
      ) : (
        <Box
          h={240}
          bg="gray.1"
          style={{ display: "grid", placeItems: "center", borderRadius: 12 }}
        >
          <Text c="dimmed">{asset.isError ? t("media.noContent") : t("viewerPage.loading")}</Text>
        </Box>
      )}
      {title && <Title order={3}>{title}</Title>}
      {asset.data?.family === "picture" && (
        <Text size="sm" c="dimmed" data-testid="picture-size">
          {t("viewerPage.picture.size", {
            size: formatSize(
              ...shownPictureSize(asset.data, asset.data.defaultSize, item.scale),
              units,
            ),
          })}
        </Text>
      )}
      <Text c={description ? undefined : "dimmed"} style={{ whiteSpace: "pre-wrap" }}>
        {description || t("viewerPage.info.noDescription")}
      </Text>
    </Stack>
  );
}

export function ContentPanels({
  panel,
  onClose,
  assets,
  units,
}: {
  panel: OpenPanel | null;
  onClose: () => void;
  /** The space's placed assets (pictures the creator keeps private show to its visitors too). */
  assets?: Map<string, LibraryAsset>;
  /** The visitor's Units setting, for lengths. */
  units: MeasurementUnit;
}) {
  const { t } = useTranslation();
  const title =
    panel?.kind === "youtube"
      ? panel.title
      : panel?.kind === "webview"
        ? panel.item.title || panel.item.url
        : panel?.item.title;
  return (
    <Modal
      opened={panel !== null}
      onClose={onClose}
      size={panel?.kind === "info" ? "md" : "xl"}
      title={panel?.kind === "picture" ? undefined : title}
      centered
      zIndex={10000001}
      closeButtonProps={{ "aria-label": t("viewerPage.close") }}
    >
      {panel?.kind === "picture" && (
        <PictureFocus item={panel.item} known={assets?.get(panel.item.assetId)} units={units} />
      )}
      {panel?.kind === "info" && (
        <Stack gap="xs" data-testid="info-panel">
          {panel.item.category && <Badge variant="light">{panel.item.category}</Badge>}
          <Text style={{ whiteSpace: "pre-wrap" }}>
            {panel.item.body || panel.item.description}
          </Text>
        </Stack>
      )}
      {panel?.kind === "webview" && (
        <Stack gap="xs" data-testid="webview-panel">
          <Box
            component="iframe"
            src={panel.item.url}
            title={title}
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            referrerPolicy="no-referrer"
            style={{
              width: "100%",
              height: "65vh",
              border: 0,
              borderRadius: 8,
              background: "white",
            }}
          />
          <Anchor href={panel.item.url} target="_blank" rel="noopener noreferrer">
            {t("viewerPage.openInNewTab")}
          </Anchor>
        </Stack>
      )}
      {panel?.kind === "youtube" && (
        <Box
          component="iframe"
          src={youtubeEmbedUrl(panel.link) ?? undefined}
          title={panel.title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          style={{ width: "100%", aspectRatio: "16 / 9", border: 0, borderRadius: 8 }}
        />
      )}
    </Modal>
  );
}
