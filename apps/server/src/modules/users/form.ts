import { ImageCropSchema, ProfilePatchSchema } from "@atrium/domain";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { BadRequestError, type FieldProblem } from "../../errors.js";
import { readMultipart, readTextForm } from "../assets/multipart.js";
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
    const form = await readMultipart(request, {
      fileLimits: { profilePicture: PROFILE_IMAGE_MAX_BYTES, coverPhoto: PROFILE_IMAGE_MAX_BYTES },
      maxFiles: 2,
      fields: 40,
      fieldSize: 20_000,
    });
    for (const file of form.files) files[file.field] = Buffer.from(file.bytes);
    for (const [name, values] of Object.entries(form.fields)) {
      raw[name] = fromText(name, values[0] ?? "");
    }
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
    Object.assign(raw, await readTextForm(request, { fields: 5 }));
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
