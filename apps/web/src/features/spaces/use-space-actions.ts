import type { SpaceCard } from "@atrium/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { deleteScene, duplicateScene, setSceneVisibility, unpublishScene } from "../../api/spaces";
import { showToast } from "../toast/toast";
import "./catalogue";

export type ConfirmableAction = "delete" | "hide" | "unhide" | "duplicate" | "unpublish";

/** Every spaces list's queries start with this key; an action refreshes them all. */
export const SPACES_QUERY_ROOT = "spaces";

/** The owner's card actions: each refreshes the lists and says what happened. */
export function useSpaceActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, space }: { action: ConfirmableAction; space: SpaceCard }) => {
      switch (action) {
        case "delete":
          await deleteScene(space.sceneId);
          return "spaces.done.deleted";
        case "hide":
          await setSceneVisibility(space.sceneId, false);
          return "spaces.done.hidden";
        case "unhide":
          await setSceneVisibility(space.sceneId, true);
          return "spaces.done.shown";
        case "duplicate":
          await duplicateScene(space.sceneId);
          return "spaces.done.duplicated";
        case "unpublish":
          await unpublishScene(space.sceneId);
          return "spaces.done.unpublished";
      }
    },
    onSuccess: (messageKey) => {
      showToast({ color: "teal", message: t(messageKey) });
      void queryClient.invalidateQueries({ queryKey: [SPACES_QUERY_ROOT] });
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
    },
    onError: (error) => {
      showToast({ color: "red", message: error instanceof Error ? error.message : String(error) });
    },
  });
}
