import { updateSceneMetadata } from "../../api/spaces";

// A space's default cover and thumbnail: the 3D view rendered from its start point, taken when
// the space is saved (an autosave at most every two minutes) and sent as `thumbnailUriFile`.
// The server keeps it as the thumbnail, and as the cover unless the creator chose their own.

export const AUTO_CAPTURE_EVERY_MS = 120_000;

export interface CoverCapture {
  capture(): Promise<Blob | null>;
}

export function sendRenderedView(sceneId: string, view: Blob) {
  const form = new FormData();
  form.set("thumbnailUriFile", view, view.type === "image/webp" ? "view.webp" : "view.jpg");
  return updateSceneMetadata(sceneId, form);
}

/**
 * After each save: takes and sends the rendered view, one at a time; an autosave only when the
 * last view is older than AUTO_CAPTURE_EVERY_MS. A failure waits for the next save.
 */
export function createCoverUploader(
  view: CoverCapture,
  send: (sceneId: string, view: Blob) => Promise<unknown> = sendRenderedView,
  now: () => number = Date.now,
) {
  let last: { sceneId: string; at: number } | null = null;
  let busy = false;
  return async (sceneId: string, auto: boolean): Promise<boolean> => {
    if (busy) return false;
    if (auto && last?.sceneId === sceneId && now() - last.at < AUTO_CAPTURE_EVERY_MS) return false;
    busy = true;
    try {
      const picture = await view.capture();
      if (!picture) return false;
      await send(sceneId, picture);
      last = { sceneId, at: now() };
      return true;
    } catch (error) {
      console.warn("The space's rendered cover could not be sent.", error);
      return false;
    } finally {
      busy = false;
    }
  };
}
