import type { LibraryAsset } from "@atrium/domain";
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { deleteAsset } from "../../api/assets";
import { ApiError } from "../../api/client";
import "./catalogue";

/** The Yes/No confirmation before deleting (spec 1 §4); a refusal says why (the asset is in use). */
export function DeleteAssetDialog({
  asset,
  onClose,
  onDeleted,
}: {
  asset: LibraryAsset | null;
  onClose: () => void;
  onDeleted: (asset: LibraryAsset) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!asset) return;
    setBusy(true);
    setError(null);
    try {
      await deleteAsset(asset);
      onDeleted(asset);
      close();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t("errors.somethingWentWrong"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={asset !== null} onClose={close} title={t("library.delete.title")} centered>
      <Stack gap="md">
        <Text>{t("library.delete.body", { title: asset?.title || t("content.untitled") })}</Text>
        {error ? (
          <Alert color="red" variant="light" role="alert" data-testid="delete-error">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            {t("common.no")}
          </Button>
          <Button color="red" onClick={confirm} loading={busy}>
            {t("common.yes")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
