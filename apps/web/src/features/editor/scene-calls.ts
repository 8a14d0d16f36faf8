import type { SceneDocument } from "@atrium/domain";
import { createScene, saveSceneContent } from "../../api/spaces";

// The scene service calls the save flow makes, as a parameter of saveScene so that it can be
// tested without a server. The calls themselves are the spaces client's (api/spaces.ts).

export interface SceneCalls {
  createMetadata(body: {
    title: string;
    districtId?: string;
  }): Promise<{ sceneId: string; revision?: number }>;
  /** Rejects with ApiError 409 when `revision` is not the stored one. */
  putContent(
    sceneId: string,
    body: { revision: number; document: SceneDocument; metadata?: { title: string } },
  ): Promise<{ revision: number }>;
}

export const sceneCalls: SceneCalls = {
  createMetadata: (body) => createScene(body),
  putContent: (sceneId, body) => saveSceneContent(sceneId, body),
};
