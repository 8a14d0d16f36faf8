import { COLLISION_MODES, IdSchema, TextAssetSchema } from "@atrium/domain";
import { z } from "zod";
import { BadRequestError } from "../../errors.js";
import type { CommonFields } from "./service.js";

// The upload form's fields (spec 1 §3 asset upload defaults), from multipart text fields or a
// JSON body alike: multipart sends everything as text, hence the coercions.

const flag = (fallback: boolean) =>
  z
    .preprocess(
      (value) =>
        value === "true" || value === "1"
          ? true
          : value === "false" || value === "0"
            ? false
            : value,
      z.boolean(),
    )
    .default(fallback);

const tags = z
  .preprocess(
    (value) => (typeof value === "string" ? value.split(/[,;]/) : value),
    z
      .array(z.string().trim())
      .transform((list) => [...new Set(list.filter((tag) => tag.length > 0))]),
  )
  .pipe(z.array(z.string().max(50)).max(10))
  .default([]);

export const commonFieldsShape = {
  title: z.string().trim().max(100).default(""),
  description: z.string().max(5000).default(""),
  tags,
  public: flag(false),
  licenseId: z
    .preprocess((value) => (value === "" ? null : value), IdSchema.nullable())
    .default(null),
  interactive: flag(true),
  collisions: z.enum(COLLISION_MODES).default("Precise"),
  transparent: flag(false),
  defaultSize: z.coerce.number().positive().max(1000).default(1),
};

export const CommonFieldsSchema = z.object(commonFieldsShape);

export const TextBodySchema = z.object({
  ...commonFieldsShape,
  // spec 1 §3: collisions default to None for texts
  collisions: z.enum(COLLISION_MODES).default("None"),
  text: TextAssetSchema,
});

const WebUrl = z
  .string()
  .trim()
  .regex(/^https?:\/\/\S+$/i, "Enter a web address starting with http:// or https://")
  .max(2048);

export const WebViewBodySchema = z.object({ ...commonFieldsShape, url: WebUrl });
export const InfoPointBodySchema = z.object({
  ...commonFieldsShape,
  title: z.string().trim().min(1).max(100),
  body: z.string().max(10_000).default(""),
  category: IdSchema.nullable().default(null),
});

export const VideoLinkSchema = z.object({
  provider: z.literal("Youtube"),
  link: z.string().trim().min(1).max(2048),
});

/** Multipart text fields (repeated tags allowed) checked like a JSON body: 400 with each field. */
export function parseFields<T extends z.ZodType>(
  schema: T,
  fields: Record<string, string[]>,
): z.infer<T> {
  const flat: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(fields))
    flat[name] = name === "tags" ? values.flatMap((value) => value.split(/[,;]/)) : values[0];
  const parsed = schema.safeParse(flat);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({
      path: `body.${issue.path.join(".")}`,
      message: issue.message,
    }));
    throw new BadRequestError(`${problems[0]?.path}: ${problems[0]?.message}`, problems);
  }
  return parsed.data;
}

export const commonOf = (fields: z.infer<typeof CommonFieldsSchema>): CommonFields => fields;
