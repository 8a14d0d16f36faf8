import { PAGE_SIZE_DEFAULT } from "@atrium/domain/constants";
import {
  LIBRARY_SECTIONS,
  type LibraryAsset,
  type LibrarySection as Section,
} from "@atrium/domain/entities/library-asset";
import { formatBytes } from "@atrium/domain/rules/format-bytes";
import {
  Alert,
  Button,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  type InfiniteData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  districtLibraryPath,
  fetchLibraryPage,
  fetchStorageUsage,
  libraryPath,
  libraryQueryKey,
  shareToDistrict,
  unshareFromDistrict,
} from "../../api/assets";
import { ApiError } from "../../api/client";
import { useMe } from "../../features/auth/use-me";
import { ConfirmDialog } from "../../features/spaces/ConfirmDialog";
import { showToast } from "../../features/toast/toast";
import { AssetCard } from "./AssetCard";
import { DeleteAssetDialog } from "./DeleteAssetDialog";
import { EditAssetModal } from "./EditAssetModal";
import classes from "./Library.module.css";
import { UploadAssetModal } from "./UploadAssetModal";
import "./catalogue";
import "../../i18n/areas/account";

const SECTION_TITLE_KEYS: Record<Section, string> = {
  images: "account.sections.images",
  videos: "account.sections.videos",
  "3d-models": "account.sections.models3d",
  audio: "account.sections.audio",
  "3d-texts": "account.sections.texts3d",
  "3d-hypertexts": "account.sections.hypertexts3d",
  webviews: "account.sections.webviews",
};

export interface LibrarySectionProps {
  /** Whose library: the signed-in user's own (with upload, edit, delete) or another's public items. */
  userId: string;
  section: Section;
  /** The owner's name, for the heading of someone else's library. */
  ownerName?: string;
  /**
   * A district's library instead (the district site, spec 2 §2.4): what its owner and creators
   * shared into it. `canShare`: upload and share into it; `mayRemove`: who takes an item out.
   */
  district?: {
    districtId: string;
    intro: string;
    canShare: boolean;
    mayRemove: (asset: LibraryAsset) => boolean;
    removeLabel: string;
    removeTitle: (asset: LibraryAsset) => string;
  };
}

/**
 * One section of a library in the account area (spec 2 §2.4: images, videos, 3d-models,
 * 3d-texts, 3d-hypertexts, webviews): asset cards in pages of 9 loaded while scrolling, and for
 * the owner the dropzone upload, edit and delete.
 */
export function LibrarySection({ userId, section, ownerName, district }: LibrarySectionProps) {
  const { t } = useTranslation();
  const me = useMe();
  const isOwn = !district && (me.data?.userId === userId || (userId === "me" && !!me.data));
  const ownerId = userId === "me" ? (me.data?.userId ?? "") : userId;
  const queryClient = useQueryClient();
  const key = district
    ? (["library", section, "district", district.districtId] as const)
    : libraryQueryKey(section, ownerId);
  const path = district
    ? districtLibraryPath(section, district.districtId)
    : libraryPath(section, ownerId, isOwn);
  const [removing, setRemoving] = useState<LibraryAsset | null>(null);
  const pages = useInfiniteQuery({
    queryKey: [...key, isOwn],
    enabled: ownerId !== "" && !me.isLoading,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchLibraryPage(path, pageParam, PAGE_SIZE_DEFAULT),
    // a page shorter than the page size is the last one (spec 2 §4 infinite scrolling)
    getNextPageParam: (last, all) => (last.length < PAGE_SIZE_DEFAULT ? undefined : all.length),
  });
  const storage = useQuery({ queryKey: ["storage"], queryFn: fetchStorageUsage, enabled: isOwn });
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<LibraryAsset | null>(null);
  const [deleting, setDeleting] = useState<LibraryAsset | null>(null);

  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage)
        void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const assets = pages.data?.pages.flat() ?? [];
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ["storage"] });
  };
  const replace = (asset: LibraryAsset) =>
    queryClient.setQueryData<InfiniteData<LibraryAsset[]>>([...key, isOwn], (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) =>
              page.map((item) => (item.assetId === asset.assetId ? asset : item)),
            ),
          }
        : data,
    );
  const isText = section === "3d-texts" || section === "3d-hypertexts" || section === "webviews";
  const family = LIBRARY_SECTIONS[section].family;

  return (
    <Stack gap="lg" data-testid={`library-${section}`} data-family={family}>
      <Group justify="space-between" align="flex-end" className={classes.header}>
        <Stack gap={4}>
          <Title order={2}>{t(SECTION_TITLE_KEYS[section])}</Title>
          <Text c="dimmed">
            {district
              ? district.intro
              : isOwn
                ? t(`library.intro.${section}`)
                : t("library.othersIntro", { name: ownerName ?? "" })}
          </Text>
        </Stack>
        {isOwn || district?.canShare ? (
          <Button onClick={() => setUploading(true)}>
            {t(isText ? "library.create" : "library.upload")}
          </Button>
        ) : null}
      </Group>
      {isOwn && storage.data ? (
        <Stack gap={4} maw={360}>
          <Progress
            value={Math.min(
              100,
              (storage.data.usedBytes / Math.max(1, storage.data.quotaBytes)) * 100,
            )}
            size="sm"
            aria-hidden
          />
          <Text size="xs" c="dimmed" data-testid="storage-usage">
            {t("library.storage", {
              used: formatBytes(storage.data.usedBytes),
              quota: formatBytes(storage.data.quotaBytes),
            })}
          </Text>
        </Stack>
      ) : null}
      {pages.isError ? (
        <Alert color="red" variant="light">
          <Group justify="space-between">
            <Text size="sm">{t("library.loadFailed")}</Text>
            <Button size="xs" variant="light" onClick={() => void pages.refetch()}>
              {t("library.retry")}
            </Button>
          </Group>
        </Alert>
      ) : pages.isLoading || me.isLoading ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : assets.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center" data-testid="library-empty">
          {isOwn ? t("library.emptyOwn") : t("library.empty")}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {assets.map((asset) => (
            <AssetCard
              key={asset.assetId}
              asset={asset}
              {...(isOwn ? { onEdit: setEditing, onDelete: setDeleting } : {})}
              {...(district?.mayRemove(asset)
                ? { onDelete: setRemoving, deleteLabel: district.removeLabel }
                : {})}
            />
          ))}
        </SimpleGrid>
      )}
      <div ref={sentinel} className={classes.sentinel} />
      {isFetchingNextPage ? (
        <Text size="sm" c="dimmed" ta="center">
          {t("library.loadingMore")}
        </Text>
      ) : null}
      {district ? (
        <>
          <UploadAssetModal
            section={section}
            opened={uploading}
            onClose={() => setUploading(false)}
            onUploaded={(asset) =>
              void shareToDistrict(asset, district.districtId)
                .then(refresh)
                .catch((error: unknown) =>
                  showToast({
                    color: "red",
                    message: error instanceof ApiError ? error.message : t("library.loadFailed"),
                  }),
                )
            }
          />
          <ConfirmDialog
            opened={removing !== null}
            danger
            title={removing ? district.removeTitle(removing) : ""}
            onCancel={() => setRemoving(null)}
            onConfirm={() => {
              const asset = removing;
              setRemoving(null);
              if (asset)
                void unshareFromDistrict(asset, district.districtId)
                  .then(refresh)
                  .catch((error: unknown) =>
                    showToast({
                      color: "red",
                      message: error instanceof ApiError ? error.message : t("library.loadFailed"),
                    }),
                  );
            }}
          />
        </>
      ) : null}
      {isOwn ? (
        <>
          <UploadAssetModal
            section={section}
            opened={uploading}
            onClose={() => setUploading(false)}
            onUploaded={refresh}
          />
          <EditAssetModal
            asset={editing}
            onClose={() => setEditing(null)}
            onSaved={(asset) => {
              replace(asset);
              setEditing(null);
              showToast({ color: "green", message: t("library.edit.saved") });
            }}
          />
          <DeleteAssetDialog
            asset={deleting}
            onClose={() => setDeleting(null)}
            onDeleted={() => {
              refresh();
              showToast({ color: "green", message: t("library.delete.done") });
            }}
          />
        </>
      ) : null}
    </Stack>
  );
}
