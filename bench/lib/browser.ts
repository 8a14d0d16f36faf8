import { type Browser, chromium, type Page } from "playwright-core";
import { chromiumArgs, chromiumExecutable } from "../../e2e/chromium-flags";

export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumExecutable(),
    args: [...chromiumArgs, ...extraArgs],
  });
}

/** Asks the pages of this tab for their test handles (apps/web/src/app/debug-hooks.ts). */
export async function enableDebugHooks(page: Page) {
  await page.addInitScript(() => {
    try {
      window.localStorage.setItem("atrium.debugHooks", "1");
    } catch {
      // about:blank and opaque origins have no storage
    }
  });
}
