import type { AudioAsset } from "@atrium/domain";
import { Button, Group, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { useUploadAudio } from "./audio-library";

/** A recording stops by itself after this many seconds (about 2.6 MB as WAV, under the 3 MB limit). */
export const RECORDING_MAX_SECONDS = 60;

export interface AudioRecorderProps {
  /** The new sound's title in the library. */
  title: string;
  disabled?: boolean;
  onRecorded: (asset: AudioAsset) => void;
  onError: (message: string) => void;
}

type State = { phase: "idle" } | { phase: "recording"; since: number } | { phase: "saving" };

/**
 * Records from the microphone (MediaRecorder), turns the recording into a WAV (the library takes
 * WAV and MP3) and uploads it to the creator's library.
 */
export function AudioRecorder({ title, disabled, onRecorded, onError }: AudioRecorderProps) {
  const { t } = useTranslation();
  const upload = useUploadAudio();
  const [state, setState] = useState<State>({ phase: "idle" });
  const [now, setNow] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const stopTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (state.phase !== "recording") return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, [state.phase]);
  // leaving the panel mid-recording lets go of the microphone and keeps nothing
  useEffect(
    () => () => {
      if (stopTimer.current) clearTimeout(stopTimer.current);
      const active = recorder.current;
      recorder.current = null;
      if (active && active.state !== "inactive") {
        active.ondataavailable = null;
        active.onstop = null;
        active.stop();
        for (const track of active.stream.getTracks()) track.stop();
      }
    },
    [],
  );

  const start = async () => {
    if (typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia) {
      onError(t("editorUi.audio.noRecorder"));
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      onError(t("editorUi.audio.noMicrophone"));
      return;
    }
    const chunks: Blob[] = [];
    const active = new MediaRecorder(stream);
    recorder.current = active;
    active.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    active.onstop = async () => {
      for (const track of stream.getTracks()) track.stop();
      if (stopTimer.current) clearTimeout(stopTimer.current);
      recorder.current = null;
      setState({ phase: "saving" });
      try {
        const { recordingToWav } = await import("./wav");
        const wav = await recordingToWav(new Blob(chunks, { type: active.mimeType }));
        const asset = await upload(wav, "recording.wav", title);
        onRecorded(asset);
      } catch (error) {
        onError(error instanceof ApiError ? error.message : t("editorUi.audio.recordFailed"));
      } finally {
        setState({ phase: "idle" });
      }
    };
    active.start();
    setNow(Date.now());
    setState({ phase: "recording", since: Date.now() });
    stopTimer.current = setTimeout(() => stop(), RECORDING_MAX_SECONDS * 1000);
  };
  const stop = () => {
    if (recorder.current && recorder.current.state !== "inactive") recorder.current.stop();
  };

  const seconds = state.phase === "recording" ? Math.max(0, (now - state.since) / 1000) : 0;
  return (
    <Group gap="xs" wrap="nowrap">
      {state.phase === "recording" ? (
        <>
          <Button size="compact-xs" color="red" onClick={stop} data-testid="audio-record-stop">
            {t("editorUi.audio.stop")}
          </Button>
          <Text size="xs" c="dimmed" aria-live="polite">
            {t("editorUi.audio.recording", {
              time: `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`,
              max: RECORDING_MAX_SECONDS,
            })}
          </Text>
        </>
      ) : (
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => void start()}
          loading={state.phase === "saving"}
          disabled={disabled}
          data-testid="audio-record"
        >
          {t("editorUi.audio.record")}
        </Button>
      )}
    </Group>
  );
}
