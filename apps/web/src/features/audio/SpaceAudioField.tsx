import type { SpaceCard } from "@atrium/domain";
import { dropzoneMessages } from "@atrium/domain/messages/dropzone";
import { matchesAccept, validateDroppedFile } from "@atrium/domain/rules/file-drop";
import { formatBytes } from "@atrium/domain/rules/format-bytes";
import { formatMessage } from "@atrium/domain/rules/format-message";
import { Alert, Button, FileButton, Group, Select, Stack, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchStorageUsage } from "../../api/assets";
import { ApiError } from "../../api/client";
import { fetchSceneMetadata, updateSceneMetadata } from "../../api/spaces";
import { showToast } from "../toast/toast";
import { AUDIO_SOURCE_TYPES, audioOptions, useAudioLibrary, useUploadAudio } from "./audio-library";

export interface SpaceAudioFieldProps {
  /** The saved scene; a new space is saved first. */
  sceneId: string | null;
  disabled?: boolean;
}

/**
 * The space's background audio (scene metadata `audioUri`): a sound from the creator's library,
 * or one uploaded here. Visitors hear it looped, at their volume setting, once they interact.
 * It is saved on its own (a metadata change), so it holds for the draft and the published space.
 */
export function SpaceAudioField({ sceneId, disabled = false }: SpaceAudioFieldProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const library = useAudioLibrary(sceneId !== null);
  const upload = useUploadAudio();
  const limits = useQuery({
    queryKey: ["storage"],
    queryFn: fetchStorageUsage,
    enabled: sceneId !== null,
  });
  const metadata = useQuery({
    queryKey: ["scene-metadata", sceneId],
    queryFn: () => fetchSceneMetadata(sceneId as string),
    enabled: sceneId !== null,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!sceneId) {
    return (
      <Text size="sm" c="dimmed">
        {t("editorUi.audio.saveFirst")}
      </Text>
    );
  }
  const current = metadata.data?.audioUri ?? null;
  const options = audioOptions(library.data);
  // a sound chosen before that is no longer listed (another creator's, or deleted) stays shown
  if (current && !options.some((option) => option.value === current))
    options.unshift({ value: current, label: t("editorUi.audio.current") });

  const choose = async (audioUri: string | null) => {
    setError(null);
    setBusy(true);
    try {
      const saved = await updateSceneMetadata(sceneId, { audioUri });
      queryClient.setQueryData<SpaceCard>(["scene-metadata", sceneId], saved);
      showToast({
        color: "green",
        message: t(audioUri ? "editorUi.audio.chosen" : "editorUi.audio.removed"),
      });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t("editorUi.audio.failed"));
    } finally {
      setBusy(false);
    }
  };
  const uploadAndChoose = async (file: File | null) => {
    if (!file) return;
    const rejection = matchesAccept(file, AUDIO_SOURCE_TYPES)
      ? validateDroppedFile(file, { maxBytes: limits.data?.fileMaxBytes })
      : formatMessage(dropzoneMessages.rejected, {
          file: file.name,
          reason: formatMessage(dropzoneMessages.notAudio, ["WAV, MP3"]),
        });
    if (rejection) {
      setError(rejection);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const asset = await upload(file, file.name, file.name.replace(/\.[^.]+$/, ""));
      if (asset.fileUrl) await choose(asset.fileUrl);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t("editorUi.audio.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="space-audio">
      <Select
        label={t("editorUi.audio.background")}
        description={t("editorUi.audio.backgroundHint")}
        placeholder={t("editorUi.audio.none")}
        data={options}
        value={current}
        clearable
        disabled={disabled || busy || metadata.isPending}
        onChange={(value) => void choose(value)}
        data-testid="space-audio-select"
      />
      <Group gap="xs">
        <FileButton
          accept={AUDIO_SOURCE_TYPES.join(",")}
          onChange={(file) => void uploadAndChoose(file)}
          disabled={disabled || busy}
        >
          {(props) => (
            <Button
              {...props}
              size="compact-sm"
              variant="default"
              loading={busy}
              data-testid="space-audio-upload"
            >
              {t("editorUi.audio.upload")}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {limits.data
            ? formatMessage(dropzoneMessages.maxFileSize, [formatBytes(limits.data.fileMaxBytes)])
            : null}
        </Text>
      </Group>
      {current ? (
        // biome-ignore lint/a11y/useMediaCaption: a background sound has no words to caption
        <audio controls preload="none" src={current} style={{ width: "100%" }} />
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert" data-testid="space-audio-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
