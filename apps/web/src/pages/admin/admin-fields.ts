import { ARTICLE_KINDS, type CmsCollection } from "@atrium/domain/entities/cms";

// What the admin page edits in each collection, in form order. The server's schemas
// (packages/domain/src/entities/cms.ts) decide what is valid; the form only shapes the input.

export type FieldKind = "text" | "textarea" | "markdown" | "number" | "tags" | "kind" | "author";

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  required?: boolean;
  /** Fixed once created (a category's number). */
  fixed?: boolean;
}

export const COLLECTION_FIELDS: Record<CmsCollection, FieldSpec[]> = {
  faqs: [
    { name: "question", kind: "text", required: true },
    { name: "category", kind: "text" },
    { name: "position", kind: "number" },
    { name: "answer", kind: "markdown", required: true },
  ],
  glossary: [
    { name: "term", kind: "text", required: true },
    { name: "definition", kind: "markdown", required: true },
  ],
  articles: [
    { name: "title", kind: "text" },
    { name: "slug", kind: "text", required: true },
    { name: "kind", kind: "kind", required: true },
    { name: "category", kind: "text" },
    { name: "description", kind: "textarea" },
    { name: "tags", kind: "tags" },
    { name: "authorId", kind: "author" },
    { name: "thumbnail", kind: "text" },
    { name: "banner", kind: "text" },
    { name: "guideSection", kind: "text" },
    { name: "position", kind: "number" },
    { name: "body", kind: "markdown" },
  ],
  authors: [
    { name: "name", kind: "text", required: true },
    { name: "slug", kind: "text", required: true },
    { name: "role", kind: "text" },
    { name: "bio", kind: "textarea" },
    { name: "avatar", kind: "text" },
  ],
  "resource-categories": [
    { name: "id", kind: "number", required: true, fixed: true },
    { name: "slug", kind: "text", required: true },
    { name: "title", kind: "text", required: true },
    { name: "description", kind: "textarea" },
    { name: "externalUrl", kind: "text" },
    { name: "icon", kind: "text" },
  ],
};

export const KIND_OPTIONS = ARTICLE_KINDS;

/** What the list shows as an entry's name. */
export function entryTitle(collection: CmsCollection, entry: Record<string, unknown>): string {
  const key = {
    faqs: "question",
    glossary: "term",
    articles: "title",
    authors: "name",
    "resource-categories": "title",
  }[collection];
  const value = entry[key];
  return typeof value === "string" && value ? value : String(entry.slug ?? entry.id ?? "");
}

export type FormValues = Record<string, string>;

/** A record as form text: arrays as comma-separated text, nulls as empty. */
export function toFormValues(
  collection: CmsCollection,
  entry: Record<string, unknown> | null,
): FormValues {
  const values: FormValues = {};
  for (const field of COLLECTION_FIELDS[collection]) {
    const value = entry?.[field.name];
    values[field.name] = Array.isArray(value)
      ? value.join(", ")
      : value === null || value === undefined
        ? field.kind === "kind"
          ? "blog"
          : ""
        : String(value);
  }
  return values;
}

/** Form text back to the API's input: numbers, tag lists and nulls for empty optional links. */
export function toInput(collection: CmsCollection, values: FormValues): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of COLLECTION_FIELDS[collection]) {
    const raw = values[field.name] ?? "";
    switch (field.kind) {
      case "number":
        input[field.name] = raw.trim() === "" ? undefined : Number(raw);
        break;
      case "tags":
        input[field.name] = raw
          .split(/[,;]/)
          .map((tag) => tag.trim())
          .filter(Boolean);
        break;
      case "author":
        input[field.name] = raw || null;
        break;
      default: {
        const nullable = ["thumbnail", "banner", "avatar", "externalUrl", "icon", "guideSection"];
        input[field.name] = nullable.includes(field.name) && raw.trim() === "" ? null : raw;
      }
    }
  }
  return input;
}
