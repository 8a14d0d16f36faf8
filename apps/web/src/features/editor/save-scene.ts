import { type SceneDocument, SceneDocumentSchema } from "@atrium/domain";
import { isUntitledTitle, untitledSpaceTitle } from "@atrium/domain/rules/untitled-space";
import { ApiError } from "../../api/client";
import type { SceneCalls } from "./scene-calls";

/** Someone saved this scene elsewhere since we loaded it: never overwrite silently. */
export class StaleRevisionError extends Error {
  constructor() {
    super("This space was saved elsewhere since you opened it");
    this.name = "StaleRevisionError";
  }
}

/** The document would be refused by the server: the save stops before sending anything. */
export class InvalidDocumentError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = "InvalidDocumentError";
  }
}

export interface SaveRequest {
  sceneId: string | null;
  revision: number;
  title: string;
  document: SceneDocument;
  /** A new space made inside a district becomes a draft of that district. */
  districtId?: string | null;
}

export interface SaveResult {
  sceneId: string;
  revision: number;
  title: string;
  document: SceneDocument;
  created: boolean;
}

/** The title a save sends: an empty or generated one becomes 'Untitled space' + local date and time. */
export function titleToSave(title: string, now: Date) {
  return isUntitledTitle(title) ? untitledSpaceTitle(now) : title.trim();
}

/**
 * The save flow (spec 1 §4): validate first with the server's schema; an existing scene
 * updates its metadata then its content (one PUT, one transaction); a new one is created
 * (metadata, then content). A 409 on the content means the revision is stale.
 */
export async function saveScene(
  request: SaveRequest,
  calls: SceneCalls,
  now = new Date(),
): Promise<SaveResult> {
  const parsed = SceneDocumentSchema.safeParse(request.document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidDocumentError(issue?.path.join(".") ?? "", issue?.message ?? "Invalid");
  }
  const title = titleToSave(request.title, now);
  let sceneId = request.sceneId;
  let revision = request.revision;
  const created = sceneId === null;
  if (sceneId === null) {
    const metadata = await calls.createMetadata(
      request.districtId ? { title, districtId: request.districtId } : { title },
    );
    sceneId = metadata.sceneId;
    revision = metadata.revision ?? 0;
  }
  try {
    // an existing scene's metadata travels with its content: the server writes both in one
    // transaction (metadata first), so a stale revision changes neither
    const saved = await calls.putContent(sceneId, {
      revision,
      document: request.document,
      ...(created ? {} : { metadata: { title } }),
    });
    return { sceneId, revision: saved.revision, title, document: request.document, created };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) throw new StaleRevisionError();
    throw error;
  }
}

/** Saves the document as a new scene (after a conflict): "{title} (copy)". */
export function saveAsCopy(request: SaveRequest, calls: SceneCalls, now = new Date()) {
  const base = titleToSave(request.title, now);
  const title = `${base} (copy)`.slice(0, 100);
  return saveScene({ ...request, sceneId: null, revision: 0, title }, calls, now);
}
