import { assetMessages, formatBytes, formatMessage } from "@atrium/domain";
import type { FastifyRequest } from "fastify";
import { BadRequestError, PayloadTooLargeError } from "../../errors.js";
import { assertTextRule } from "../../http/text-rule.js";

// Reads a multipart body, the one way every call that takes a form does: fields as text, files
// into memory while counting bytes, so a file over its limit is refused as it arrives, before
// anything is kept (the pipelines need whole files in memory anyway, and the limits keep that
// small). A body that cannot be read as a form is a 400, never a 500; text follows the text rule.

export interface UploadedPart {
  field: string;
  name: string;
  bytes: Uint8Array;
}

export interface MultipartUpload {
  files: UploadedPart[];
  fields: Record<string, string[]>;
}

export interface MultipartLimits {
  /** Per file field: its size limit in bytes. A file in any other field is refused. */
  fileLimits: Record<string, number>;
  maxFiles: number;
  /** Most text fields (60 unless said). */
  fields?: number;
  /** Largest text field in bytes (64 KB unless said). */
  fieldSize?: number;
}

export async function readMultipart(
  request: FastifyRequest,
  limits: MultipartLimits,
): Promise<MultipartUpload> {
  if (!request.isMultipart()) throw new BadRequestError("Send the upload as multipart/form-data");
  const files: UploadedPart[] = [];
  const fields: Record<string, string[]> = {};
  const largest = Math.max(0, ...Object.values(limits.fileLimits));
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: largest + 1,
        files: limits.maxFiles + 1,
        fields: limits.fields ?? 60,
        fieldSize: limits.fieldSize ?? 64 * 1024,
      },
    })) {
      if (part.type === "field") {
        const values = fields[part.fieldname] ?? [];
        values.push(String(part.value));
        fields[part.fieldname] = values;
        continue;
      }
      // spec 1 §3 names the upload's file both `file` and `assetFile`
      const fieldName = part.fieldname === "assetFile" ? "file" : part.fieldname;
      const limit = limits.fileLimits[fieldName];
      const name = cleanName(part.filename);
      if (limit === undefined) {
        part.file.resume();
        throw new BadRequestError(`Unexpected file field "${part.fieldname}"`);
      }
      if (files.length >= limits.maxFiles) {
        part.file.resume();
        throw new BadRequestError(tooManyFiles(limits.maxFiles));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > limit) {
          part.file.resume();
          throw new PayloadTooLargeError(tooLarge(name, limit));
        }
        chunks.push(chunk);
      }
      files.push({
        field: fieldName,
        name,
        bytes: new Uint8Array(Buffer.concat(chunks, size)),
      });
    }
  } catch (error) {
    if (error instanceof PayloadTooLargeError || error instanceof BadRequestError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      throw new PayloadTooLargeError(tooLarge("The file", largest));
    }
    if (code === "FST_FILES_LIMIT") {
      throw new BadRequestError(tooManyFiles(limits.maxFiles));
    }
    throw new BadRequestError("The upload could not be read");
  }
  // a field sent once is named as in JSON (`body.title`); a repeated one with its index
  const named = Object.entries(fields).map(([name, values]) => [
    name,
    values.length === 1 ? values[0] : values,
  ]);
  assertTextRule(Object.fromEntries(named), "body");
  return { files, fields };
}

/** A client's file name, for messages only (storage names are generated): no folders, no controls. */
function cleanName(name: string) {
  const base = name.replace(/\\/g, "/").split("/").pop() ?? "";
  const clean = [...base]
    .filter((character) => character >= " " && character !== "\u007f")
    .join("")
    .slice(0, 200)
    .trim();
  return clean || "file";
}

const tooLarge = (file: string, limit: number) =>
  formatMessage(assetMessages.tooLarge, { file, limit: formatBytes(limit) });
const tooManyFiles = (limit: number) =>
  formatMessage(assetMessages.zipTooManyEntries, { file: "The upload", limit });

/** A form of text fields only (a file is refused): each field's first value. */
export async function readTextForm(
  request: FastifyRequest,
  limits: { fields?: number; fieldSize?: number } = {},
): Promise<Record<string, string>> {
  const { fields } = await readMultipart(request, { fileLimits: {}, maxFiles: 0, ...limits });
  return Object.fromEntries(
    Object.entries(fields).map(([name, values]) => [name, values[0] ?? ""]),
  );
}

/** The first value of a text field, or undefined. */
export const field = (upload: MultipartUpload, name: string) => upload.fields[name]?.[0];
