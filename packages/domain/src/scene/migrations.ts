import { fieldErrorsFromIssues } from "../errors";
import { SCENE_DOCUMENT_VERSION, type SceneDocument, SceneDocumentSchema } from "./document";
import { SCENE_ITEM_LISTS } from "./items";
import { migrateV0ToV1 } from "./migrations/v0-to-v1";

export type MigrationResult =
  | { ok: true; document: SceneDocument; migratedFrom: number }
  | { ok: false; reason: string; path: string };

type Migration = (document: Record<string, unknown>) => Record<string, unknown>;

/**
 * One step per version: MIGRATIONS[n] turns a version-n document into version n+1. A new
 * version adds a step here and never edits an old one: a document from last year must open.
 */
const MIGRATIONS: Readonly<Record<number, Migration>> = {
  0: migrateV0ToV1,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const failure = (path: string, message: string): MigrationResult => ({
  ok: false,
  path,
  reason: `${path === "" ? "(root)" : path}: ${message}`,
});

/**
 * Reads a stored or received document of any version: brings it up to the current version and
 * validates it. A document without `version` is v0, the original product's bare content fields.
 * On failure `path` is the first bad field, e.g. `pictures.0.position.1`.
 */
export function migrateSceneDocument(input: unknown): MigrationResult {
  if (!isRecord(input)) return failure("", "A scene document must be an object");
  const from = input.version ?? 0;
  if (typeof from !== "number" || !Number.isInteger(from) || from < 0) {
    return failure("version", "The version must be a whole number");
  }
  if (from > SCENE_DOCUMENT_VERSION) {
    return failure(
      "version",
      `Version ${from} is newer than this build reads (${SCENE_DOCUMENT_VERSION})`,
    );
  }
  let document = input;
  for (let version = from; version < SCENE_DOCUMENT_VERSION; version += 1) {
    const step = MIGRATIONS[version];
    if (step === undefined) return failure("version", `No migration from version ${version}`);
    document = { ...step(document), version: version + 1 };
  }
  const parsed = SceneDocumentSchema.safeParse(document);
  if (parsed.success) return { ok: true, document: parsed.data, migratedFrom: from };
  const [first] = fieldErrorsFromIssues(parsed.error.issues);
  return failure(first?.path ?? "", first?.message ?? "Invalid scene document");
}

/** Counts the placed items of a document, for size guards and statistics. */
export function countSceneItems(document: SceneDocument): number {
  return SCENE_ITEM_LISTS.reduce((sum, list) => sum + document[list].length, 0);
}
