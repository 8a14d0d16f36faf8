import { coreMessages } from "@atrium/domain/messages/core";
import { showToast } from "../toast/toast";

/**
 * Copies text and says 'Copied to clipboard!'. Falls back to a hidden text area where the
 * Clipboard API is missing (plain-http origins).
 */
export async function copyText(text: string): Promise<boolean> {
  let copied = false;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    copied = document.execCommand("copy");
    area.remove();
  }
  if (copied) showToast({ color: "teal", message: coreMessages.common.copiedToClipboard });
  return copied;
}
