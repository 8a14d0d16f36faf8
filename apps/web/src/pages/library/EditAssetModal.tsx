import type { LibraryAsset } from "@atrium/domain";
import { Modal, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { updateAsset } from "../../api/assets";
import { ApiError } from "../../api/client";
import { DescriptionTagsFields } from "./DescriptionTagsFields";
import { FormActions } from "./FormActions";
import { TextAssetForm } from "./TextAssetForm";
import "./catalogue";

/** Edits an item's title, description and tags (and a 3D text's text). */
export function EditAssetModal({
  asset,
  onClose,
  onSaved,
}: {
  asset: LibraryAsset | null;
  onClose: () => void;
  onSaved: (asset: LibraryAsset) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={asset !== null}
      onClose={onClose}
      title={t("library.edit.title")}
      size="lg"
      centered
    >
      {asset?.family === "text3d" ? (
        <TextAssetForm
          hyperText={asset.text.hyperText}
          existing={asset}
          onCancel={onClose}
          onSaved={onSaved}
        />
      ) : asset ? (
        <DetailsForm asset={asset} onCancel={onClose} onSaved={onSaved} />
      ) : null}
    </Modal>
  );
}

function DetailsForm({
  asset,
  onCancel,
  onSaved,
}: {
  asset: LibraryAsset;
  onCancel: () => void;
  onSaved: (asset: LibraryAsset) => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(asset.title);
  const [description, setDescription] = useState(asset.description);
  const [tags, setTags] = useState<string[]>(asset.tags);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSaved(await updateAsset(asset, { title: title.trim(), description, tags }));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t("errors.somethingWentWrong"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t("library.form.title")}
          value={title}
          maxLength={100}
          onChange={(event) => setTitle(event.currentTarget.value)}
          data-autofocus
        />
        <DescriptionTagsFields
          description={description}
          onDescriptionChange={setDescription}
          tags={tags}
          onTagsChange={setTags}
        />
        <FormActions
          error={error}
          busy={busy}
          submitLabel={t("library.edit.save")}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
