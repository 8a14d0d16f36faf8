import { TIMEOUTS } from "@atrium/domain/constants";
import { coreMessages } from "@atrium/domain/messages/core";
import { ApiError } from "../../api/client";
import { checkDraftsLimit } from "../../api/spaces";
import { ROUTES } from "../../app/paths";
import { signUpPath } from "../auth/return-to";
import { showToast } from "../toast/toast";
import { openDraftLimitDialog } from "./store";

/**
 * The editor route's draft-limit check (spec 1 §2 EDITOR, §5): signed-out people go to sign-in
 * (and come back to the editor), the check runs, and on success the editor opens; on 403 the
 * user goes home and sees the 'Draft limit reached' dialog with its View drafts button.
 * Returns whether the editor may open.
 */
export async function runDraftLimitCheck(navigate: (to: string) => void | Promise<void>) {
  try {
    await checkDraftsLimit();
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      await navigate(signUpPath(ROUTES.EDITOR));
      return false;
    }
    if (error instanceof ApiError && error.status === 403) {
      await navigate(ROUTES.HOME);
      openDraftLimitDialog();
      showToast({
        color: "red",
        message: coreMessages.editor.draftLimitReached,
        autoClose: TIMEOUTS.toastDraftLimitMs,
      });
      return false;
    }
    showToast({ color: "red", message: error instanceof Error ? error.message : String(error) });
    return false;
  }
}
