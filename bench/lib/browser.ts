import { type Browser, chromium } from "playwright-core";
import { chromiumArgs, chromiumExecutable } from "../../e2e/chromium-flags";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
}
