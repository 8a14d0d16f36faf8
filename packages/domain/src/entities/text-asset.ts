import { z } from "zod";
import { TEXT_FONT_SIZE_DEFAULT } from "../constants";
import { HexColorSchema, IdSchema, UriSchema } from "./common";

export const FONT_STYLES = ["bold", "italic", "underline"] as const;
export const FONT_TRANSFORMS = ["none", "upper", "lower", "smallCaps"] as const;
export const TEXT_ALIGNMENTS = ["left", "center", "right", "justify"] as const;

/** A 3D text's look and content (spec 1 §3 "Text asset"); placed texts embed it inline. */
export const TextAssetSchema = z.object({
  content: z.string().min(1).max(2000),
  fontId: IdSchema.nullable().default(null),
  fontSize: z.number().positive().max(1000).default(TEXT_FONT_SIZE_DEFAULT),
  fontStyles: z
    .array(z.enum(FONT_STYLES))
    .max(FONT_STYLES.length)
    .default(() => []),
  fontTransform: z.enum(FONT_TRANSFORMS).default("none"),
  colorTint: HexColorSchema.default("#ffffff"),
  alignment: z.enum(TEXT_ALIGNMENTS).default("center"),
  outline: z
    .object({
      color: HexColorSchema.default("#000000"),
      /** 0 means no outline. */
      width: z.number().min(0).max(100).default(0),
    })
    .default({ color: "#000000", width: 0 }),
  dropShadow: z.boolean().default(false),
  /** Fonts the content needs beyond the main one (other scripts, symbols). */
  requiredFonts: z
    .array(IdSchema)
    .max(20)
    .default(() => []),
  /** A hypertext is a text that opens `link` when clicked. */
  hyperText: z.boolean().default(false),
  link: UriSchema.nullable().default(null),
});
export type TextAsset = z.infer<typeof TextAssetSchema>;
