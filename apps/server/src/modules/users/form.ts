import { ImageCropSchema, ProfilePatchSchema } from "@atrium/domain";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { BadRequestError, type FieldProblem } from "../../errors.js";
import { assertTextRule } from "../../http/text-rule.js";
import type { ImageUpload } from "./service.js";

/** Largest picture accepted for a profile picture or cover photo. */
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

const booleanFields = new Set([
  "searchable",
  "autoSave",
  "hideContentLibrary",
  "hideGroups",
  "removeProfilePicture",
  "removeCoverPhoto",
]);
const jsonFields = new Set(["socialMedia", "profilePictureCrop", "coverPhotoCrop"]);
const fileFields = new Set(["profilePicture", "coverPhoto"]);

const BodySchema = ProfilePatchSchema.extend({
  profilePictureCrop: ImageCropSchema.nullable().optional(),
  coverPhotoCrop: ImageCropSchema.nullable().optional(),
}).strict();

/**
 * PATCH user takes JSON or multipart (spec 2 §7.1: multipart with searchable or autoSave).
 * Multipart fields arrive as text and are read as the JSON fields would be; the files
 * profilePicture and coverPhoto come with their crops (profilePictureCrop, coverPhotoCrop).
 */
export async function readProfilePatch(request: FastifyRequest) {
  const raw: Record<string, unknown> = {};
  const files: Record<string, Buffer> = {};
  if (request.isMultipart()) {
    for await (const part of request.parts({
      limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 2, fields: 40, fieldSize: 20_000 },
    })) {
      if (part.type === "file") {
        if (!fileFields.has(part.fieldname)) {
          part.file.resume();
          throw new BadRequestError(`Unexpected file ${part.fieldname}`, [
            { path: `body.${part.fieldname}`, message: "Unexpected file" },
          ]);
        }
        // toBuffer() stops with a 413 as soon as the limit is passed
        files[part.fieldname] = await part.toBuffer();
      } else {
        raw[part.fieldname] = fromText(part.fieldname, String(part.value));
      }
    }
    assertTextRule(raw, "body");
  } else {
    Object.assign(raw, request.body ?? {});
  }
  const parsed = BodySchema.safeParse(raw);
  if (!parsed.success) {
    const fields: FieldProblem[] = parsed.error.issues.map((issue) => ({
      path: ["body", ...issue.path].join("."),
      message: issue.message,
    }));
    throw new BadRequestError(`${fields[0]!.path}: ${fields[0]!.message}`, fields);
  }
  const { profilePictureCrop, coverPhotoCrop, ...patch } = parsed.data;
  const uploads: { profilePicture?: ImageUpload; coverPhoto?: ImageUpload } = {};
  if (files.profilePicture) {
    uploads.profilePicture = { data: files.profilePicture, crop: profilePictureCrop ?? null };
  }
  if (files.coverPhoto) {
    uploads.coverPhoto = { data: files.coverPhoto, crop: coverPhotoCrop ?? null };
  }
  return { patch, uploads };
}

function fromText(name: string, value: string): unknown {
  if (booleanFields.has(name)) {
    return value === "true" ? true : value === "false" ? false : value;
  }
  if (jsonFields.has(name)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  // an emptied text field clears it
  return value === "" && name !== "name" ? null : value;
}

/** POST user (spec 2 §7.1: multipart with the name), also as JSON. */
export async function readCreateUser(request: FastifyRequest) {
  const raw: Record<string, unknown> = {};
  if (request.isMultipart()) {
    for await (const part of request.parts({ limits: { files: 0, fields: 5 } })) {
      if (part.type === "field") raw[part.fieldname] = String(part.value);
    }
    assertTextRule(raw, "body");
  } else {
    Object.assign(raw, request.body ?? {});
  }
  const parsed = z.object({ name: z.string().trim().min(1).max(100) }).safeParse(raw);
  if (!parsed.success) {
    throw new BadRequestError("body.name: a name of 1 to 100 characters is required", [
      { path: "body.name", message: "Required" },
    ]);
  }
  return parsed.data;
}
