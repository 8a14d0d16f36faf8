import { z } from "zod";

/**
 * A file chosen for upload, as the dropzone describes it (spec 2 §3.1): name and type, the
 * pixel size read from an image or video, the duration of a video. Sizes read as null when the
 * file could not be decoded ('Failed to load image').
 */
export const UploadedFileSchema = z.object({
  name: z.string().min(1).max(255),
  type: z.string().max(255),
  size: z.number().int().min(0),
  width: z.number().int().min(0).nullable().default(null),
  height: z.number().int().min(0).nullable().default(null),
  duration: z.number().min(0).nullable().default(null),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;
