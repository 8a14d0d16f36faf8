import type { AudioAsset, LibraryAsset } from "@atrium/domain";
import { AUDIO_ACCEPTED_TYPES } from "@atrium/domain/constants";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { uploadAsset } from "../../api/assets";
import { api } from "../../api/client";

// The signed-in creator's audio (WAV and MP3 in the library), as the editor's pickers list it,
// and the upload they share (a chosen file or a recording).

/** audio/wav and audio/mpeg (spec 2 §5.2), with the other names browsers give them, and the extensions. */
export const AUDIO_SOURCE_TYPES = [
  ...AUDIO_ACCEPTED_TYPES,
  "audio/wave",
  "audio/x-wav",
  "audio/vnd.wave",
  "audio/mp3",
  ".wav",
  ".mp3",
] as const;

export const AUDIO_LIBRARY_KEY = ["editor-library", "audio"] as const;

const fetchAudio = () =>
  api<LibraryAsset[]>("/api/assetService/audio/myLibrary", { query: { cp: 0, ipp: 60 } });

export function useAudioLibrary(enabled = true) {
  return useQuery({ queryKey: AUDIO_LIBRARY_KEY, queryFn: fetchAudio, enabled });
}

/** Choices for a select: each sound's file address and title. */
export function audioOptions(assets: readonly LibraryAsset[] | undefined) {
  return (assets ?? []).flatMap((asset) =>
    asset.family === "audio" && asset.fileUrl ? [{ value: asset.fileUrl, label: asset.title }] : [],
  );
}

/** Uploads a sound to the library and refreshes the pickers' list; the server names a bad file. */
export function useUploadAudio() {
  const queryClient = useQueryClient();
  return async (file: Blob, name: string, title: string): Promise<AudioAsset> => {
    const form = new FormData();
    form.append("title", title.slice(0, 100));
    form.append("file", file, name);
    const asset = await uploadAsset("audio", form);
    await queryClient.invalidateQueries({ queryKey: AUDIO_LIBRARY_KEY });
    return asset as AudioAsset;
  };
}
