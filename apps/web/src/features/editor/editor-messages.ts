import { showToast } from "../toast/toast";

/** A refused edit (CommandError) or other editor problem, shown briefly. */
export function reportEditError(message: string | null) {
  if (message) showToast({ color: "red", message, autoClose: 4000 });
}
