import { MODEL_ACCEPTED_EXTENSIONS } from "@atrium/domain/constants";
import {
  validateDroppedFile,
  validateModelUpload,
  validateSingleFile,
} from "@atrium/domain/rules/file-drop";

// The dropzone's rules for each library section, from the spec's rule functions in the domain.

export const IMAGE_SOURCE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const VIDEO_SOURCE_TYPES = ["video/mp4"] as const;
export { AUDIO_SOURCE_TYPES } from "../../features/audio/audio-library";
export const MODEL_PICKER_ACCEPT = [
  ...MODEL_ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`),
  // KTX2 textures of a .gltf (KHR_texture_basisu): browsers give them no MIME type
  ".ktx2",
  "image/png",
  "image/jpeg",
  "image/webp",
];

/** One picture or video within the size limit and of an accepted type. */
export function checkSingleFile(
  files: File[],
  kind: string,
  maxBytes: number,
  accept: readonly string[],
) {
  const single = validateSingleFile(files, kind);
  if (single) return single;
  const [file] = files;
  return file ? validateDroppedFile(file, { maxBytes, accept }) : null;
}

/**
 * One model file among its companions, every file within the limit ('Can't have more than 1 3D
 * model files'). While files are being added a missing model is fine; on submit it is 'Required'.
 */
export function checkModelFiles(files: File[], maxBytes: number, { final = false } = {}) {
  // sizes are checked below against the configured limit, not the rule's default
  const described = files.map((file) => ({ name: file.name, size: 0, type: file.type }));
  const oneModel = validateModelUpload(described);
  if (oneModel && (final || oneModel !== validateModelUpload([]))) return oneModel;
  for (const file of files) {
    const rejection = validateDroppedFile(file, {
      maxBytes,
      accept: MODEL_PICKER_ACCEPT.concat("image/*"),
    });
    if (rejection) return rejection;
  }
  return null;
}
