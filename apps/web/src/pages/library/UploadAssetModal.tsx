import type { LibraryAsset, LibrarySection } from "@atrium/domain";
import { Alert, Button, Group, Modal, SegmentedControl, Stack, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchStorageUsage, replaceThumbnail, uploadAsset } from "../../api/assets";
import { ApiError } from "../../api/client";
import { showToast } from "../../features/toast/toast";
import { DescriptionTagsFields } from "./DescriptionTagsFields";
import { FileDrop } from "./FileDrop";
import { TextAssetForm } from "./TextAssetForm";
import {
  AUDIO_SOURCE_TYPES,
  checkModelFiles,
  checkSingleFile,
  IMAGE_SOURCE_TYPES,
  MODEL_PICKER_ACCEPT,
  VIDEO_SOURCE_TYPES,
} from "./upload-rules";
import { captureVideoFrame } from "./video-frame";
import { WebViewForm } from "./WebViewForm";
import "./catalogue";
import "../../i18n/areas/dropzone";

export interface UploadAssetModalProps {
  section: LibrarySection;
  opened: boolean;
  onClose: () => void;
  onUploaded: (asset: LibraryAsset) => void;
}

/** Adds an item to the signed-in user's library: the form that fits the section. */
export function UploadAssetModal({ section, opened, onClose, onUploaded }: UploadAssetModalProps) {
  const { t } = useTranslation();
  const title = t(
    section === "3d-texts" || section === "3d-hypertexts" || section === "webviews"
      ? "library.create"
      : "library.upload",
  );
  const done = (asset: LibraryAsset) => {
    showToast({ color: "green", message: t("library.form.uploaded") });
    onUploaded(asset);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`${title}: ${t(`library.kinds.${section}`)}`}
      size="lg"
      centered
    >
      {opened ? (
        section === "3d-texts" || section === "3d-hypertexts" ? (
          <TextAssetForm
            hyperText={section === "3d-hypertexts"}
            onCancel={onClose}
            onSaved={done}
          />
        ) : section === "webviews" ? (
          <WebViewForm onCancel={onClose} onSaved={done} />
        ) : (
          <FileUploadForm section={section} onCancel={onClose} onSaved={done} />
        )
      ) : null}
    </Modal>
  );
}

function FileUploadForm({
  section,
  onCancel,
  onSaved,
}: {
  section: "images" | "videos" | "3d-models" | "audio";
  onCancel: () => void;
  onSaved: (asset: LibraryAsset) => void;
}) {
  const { t } = useTranslation();
  const limits = useQuery({ queryKey: ["storage"], queryFn: fetchStorageUsage });
  const [files, setFiles] = useState<File[]>([]);
  const [dropError, setDropError] = useState<string | null>(null);
  const [source, setSource] = useState<"File" | "Youtube">("File");
  const [link, setLink] = useState("");
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [tags, setTags] = useState<string[]>([]);
  const [busy, setBusy] = useState<null | "uploading" | "thumbnail">(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const isModel = section === "3d-models";
  const maxBytes = (isModel ? limits.data?.modelMaxBytes : limits.data?.fileMaxBytes) ?? 0;
  const kind = t(`library.kinds.${section}`);
  const validate = (chosen: File[]) =>
    isModel
      ? checkModelFiles(chosen, maxBytes)
      : checkSingleFile(
          chosen,
          kind,
          maxBytes,
          section === "images"
            ? IMAGE_SOURCE_TYPES
            : section === "audio"
              ? AUDIO_SOURCE_TYPES
              : VIDEO_SOURCE_TYPES,
        );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const youtube = section === "videos" && source === "Youtube";
    if (!youtube) {
      const problem =
        files.length === 0
          ? t("dropzone.required")
          : isModel
            ? checkModelFiles(files, maxBytes, { final: true })
            : validate(files);
      if (problem) {
        setDropError(problem);
        return;
      }
    }
    const form = new FormData();
    form.append("title", name.trim() || files[0]?.name.replace(/\.[^.]+$/, "") || "");
    form.append("description", description);
    for (const tag of tags) form.append("tags", tag);
    if (youtube) {
      form.append("provider", "Youtube");
      form.append("link", link.trim());
    }
    setBusy("uploading");
    try {
      // the model is drawn in the browser (three.js, the viewer's light) and the picture sent
      // with it; a model the browser cannot draw as uploaded (Draco meshes) is drawn from the
      // glb the server made, and until then the server's own drawing stands in
      const drawnBefore = isModel ? await drawThumbnail(files) : null;
      if (drawnBefore) form.append("thumbnail", drawnBefore, "thumbnail.png");
      const video = section === "videos" && !youtube ? files[0] : undefined;
      if (video) {
        const still = await captureVideoFrame(video);
        if (still) form.append("thumbnail", still, "thumbnail.jpg");
      }
      for (const file of youtube ? [] : files) form.append("file", file, file.name);
      let asset = await uploadAsset(
        section === "images"
          ? "picture"
          : section === "videos"
            ? "video"
            : section === "audio"
              ? "audio"
              : "model3d",
        form,
      );
      if (asset.family === "model3d" && !drawnBefore && asset.fileUrl) {
        setBusy("thumbnail");
        const thumbnail = await drawThumbnail(asset.fileUrl);
        if (thumbnail) asset = await replaceThumbnail(asset, thumbnail);
      }
      onSaved(asset);
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : t("errors.somethingWentWrong"));
    } finally {
      setBusy(null);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {section === "videos" ? (
          <SegmentedControl
            value={source}
            onChange={(value) => setSource(value as "File" | "Youtube")}
            data={[
              { value: "File", label: t("library.form.sourceFile") },
              { value: "Youtube", label: t("library.form.sourceYoutube") },
            ]}
            aria-label={t("library.form.source")}
          />
        ) : null}
        {section === "videos" && source === "Youtube" ? (
          <TextInput
            label={t("library.form.youtubeLink")}
            placeholder={t("library.form.youtubePlaceholder")}
            value={link}
            onChange={(event) => setLink(event.currentTarget.value)}
            required
          />
        ) : (
          <FileDrop
            label={t(isModel ? "library.form.files" : "library.form.file")}
            prompt={t(
              section === "images"
                ? "library.form.dropPicture"
                : section === "videos"
                  ? "library.form.dropVideo"
                  : section === "audio"
                    ? "library.form.dropAudio"
                    : "library.form.dropModel",
            )}
            acceptedNote={t(
              section === "images"
                ? "library.form.acceptedPicture"
                : section === "videos"
                  ? "library.form.acceptedVideo"
                  : section === "audio"
                    ? "library.form.acceptedAudio"
                    : "library.form.acceptedModel",
            )}
            accept={
              isModel
                ? MODEL_PICKER_ACCEPT
                : section === "images"
                  ? [...IMAGE_SOURCE_TYPES]
                  : section === "audio"
                    ? [...AUDIO_SOURCE_TYPES]
                    : [...VIDEO_SOURCE_TYPES]
            }
            maxBytes={maxBytes}
            multiple={isModel}
            files={files}
            validate={validate}
            onChange={setFiles}
            error={dropError}
            onError={setDropError}
            disabled={busy !== null || !limits.data}
          />
        )}
        <TextInput
          label={t("library.form.title")}
          placeholder={t("library.form.titlePlaceholder")}
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <DescriptionTagsFields
          description={description}
          onDescriptionChange={setDescription}
          tags={tags}
          onTagsChange={setTags}
        />
        {serverError ? (
          <Alert color="red" variant="light" role="alert" data-testid="upload-error">
            {serverError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy !== null}>
            {t("library.form.cancel")}
          </Button>
          <Button type="submit" loading={busy !== null}>
            {busy === "thumbnail"
              ? t("library.form.renderingThumbnail")
              : busy
                ? t("library.form.uploading")
                : t("library.form.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

async function drawThumbnail(source: File[] | string): Promise<Blob | null> {
  try {
    const { renderModelThumbnail } = await import("../../engine/thumbnail");
    return await renderModelThumbnail(source);
  } catch (error) {
    // no WebGL, or a model three.js cannot show: the server's drawing is kept
    console.warn("The model thumbnail could not be drawn in the browser.", error);
    return null;
  }
}
