import type { TextAsset } from "@atrium/domain";

/** The fields the text form shows. */
export type TextFormFields = Pick<
  TextAsset,
  "content" | "fontId" | "fontSize" | "fontStyles" | "colorTint" | "alignment" | "hyperText"
> & { link: string };

/**
 * The text an edit saves: what is stored, with the form's fields over it, so the fields the
 * form does not show (transform, outline, drop shadow) are kept, not reset to their defaults.
 */
export function textFromForm(stored: Partial<TextAsset> | undefined, fields: TextFormFields) {
  return {
    ...stored,
    content: fields.content,
    fontId: fields.fontId,
    fontSize: fields.fontSize,
    fontStyles: fields.fontStyles,
    colorTint: fields.colorTint,
    alignment: fields.alignment,
    hyperText: fields.hyperText,
    link: fields.hyperText ? fields.link.trim() || null : null,
  };
}
