import {
  FILE_MAX_BYTES_DEFAULT,
  MODEL_ACCEPTED_EXTENSIONS,
  MODEL_FILE_EXTENSIONS,
  MODEL_MAX_BYTES,
} from "../constants";
import { dropzoneMessages } from "../messages/dropzone";
import { formatBytes } from "./format-bytes";
import { formatMessage } from "./format-message";

// File drop rules (spec 2 §5.2, spec 1 §5): size and type checks that name the file and the
// limit, the required-file rule, and the 3D model upload's one-model rule.

type DroppedFile = { name: string; size: number; type: string };

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/** Whether a MIME type or extension matches an accept list such as ["image/*", "video/mp4", ".glb"]. */
export function matchesAccept(
  file: Pick<DroppedFile, "name" | "type">,
  accept: readonly string[],
): boolean {
  const type = file.type.toLowerCase();
  const extension = fileExtension(file.name);
  return accept.some((entry) => {
    const rule = entry.toLowerCase();
    if (rule.startsWith(".")) return rule.slice(1) === extension;
    if (rule.endsWith("/*")) return type.startsWith(rule.slice(0, -1));
    return rule === type;
  });
}

/**
 * The dropzone's check of one file: null when accepted, otherwise the rejection naming the file
 * and the limit or the expected types. The default limit is 3 MB.
 */
export function validateDroppedFile(
  file: DroppedFile,
  options: { maxBytes?: number; accept?: readonly string[] } = {},
): string | null {
  const maxBytes = options.maxBytes ?? FILE_MAX_BYTES_DEFAULT;
  if (file.size > maxBytes) {
    const reason = formatMessage(dropzoneMessages.tooLarge, [formatBytes(maxBytes)]);
    return formatMessage(dropzoneMessages.rejected, { file: file.name, reason });
  }
  if (options.accept !== undefined && !matchesAccept(file, options.accept)) {
    const reason = formatMessage(dropzoneMessages.wrongType, [options.accept.join(", ")]);
    return formatMessage(dropzoneMessages.rejected, { file: file.name, reason });
  }
  return null;
}

/** 'Required' when neither a file nor a stored url exists. */
export function validateRequiredFile(
  file: unknown,
  storedUrl: string | null | undefined,
): string | null {
  const hasUrl = typeof storedUrl === "string" && storedUrl.trim() !== "";
  return file === null || file === undefined ? (hasUrl ? null : dropzoneMessages.required) : null;
}

/** 'You should upload only one {0}' when more than one file of a kind is dropped. */
export function validateSingleFile(files: readonly unknown[], kind: string): string | null {
  return files.length > 1 ? formatMessage(dropzoneMessages.onlyOne, [kind]) : null;
}

/**
 * A 3D model upload: exactly one model file (zip, glb, obj or gltf) among companions (mtl, bin,
 * textures as images), each file within 4194304 bytes.
 */
export function validateModelUpload(files: readonly DroppedFile[]): string | null {
  const modelFiles = files.filter((file) =>
    (MODEL_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(file.name)),
  );
  if (modelFiles.length > 1) return dropzoneMessages.oneModelOnly;
  if (modelFiles.length === 0) return dropzoneMessages.required;
  const accept = [...MODEL_ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`), "image/*"];
  for (const file of files) {
    const rejection = validateDroppedFile(file, { maxBytes: MODEL_MAX_BYTES, accept });
    if (rejection !== null) return rejection;
  }
  return null;
}
