import { describe, expect, it } from "vitest";
import { messages } from "./messages";

/** Every leaf string of the catalogue. */
function leaves(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(leaves);
  return [];
}

describe("the English catalogue holds the spec's strings verbatim", () => {
  const all = new Set(leaves(messages));
  it.each([
    "Page not found",
    "The page you are looking for does not exist.",
    "Return to homepage",
    "Something went wrong",
    "Copied to clipboard!",
    "Draft limit reached",
    "View drafts",
    "Incorrect Password",
    "Account deletion failed, please contact our support",
    "Insufficient credits to publish. Select a credit package to proceed.",
    "There is no available slot.",
    "Please assign your space to a slot to proceed.",
    "You don't have permission to access this 3D space",
    "Start building your own amazing 3D spaces!",
    "Create space",
    "You are not authorized to perform this action",
    "Failed to load chunked component due to timeout",
    "Unable to connect to WS in hub",
    "Communications are disabled",
    "Loading...",
    "Successfully saved scene!",
    "You don't have access to this District",
    "Failed to open Paddle checkout",
    "This district's title is already taken",
    "Use only lowercase letters, numbers, and hyphens, with no spaces or special characters.",
    'Subdomain cannot be "{value}"',
    "You need to select your free premade space in order to continue.",
    "Please select a subscription plan in order to proceed.",
    "Can't have more than 1 3D model files",
    "You should upload only one {0}",
    "It should contain no more than {0} characters",
    "Tag already exists",
    "Duration > {min}",
    "Please provide a valid {0} url",
    "Invalid url. Valid url example: {host}",
    "You should give access to your microphone device",
    "Article not found.",
    "Unknown Resource.",
    "No FAQs available.",
    "No Glossary available.",
    "Unknown Author",
    "Please let us know your first name",
    "Please provide a valid email address",
    "Publish & Share",
    "Create Stories or Paths",
    "Date Published",
    "MY FAVOURITES",
    "Finger Guns",
    "Reconnecting",
    "+ Create {text}",
  ])("%s", (text) => {
    expect(all.has(text)).toBe(true);
  });

  it("grouped by area", () => {
    expect(messages.errors.pageNotFound).toBe("Page not found");
    expect(messages.editor.steps.defineSpace).toBe("Define Space");
    expect(messages.district.wizardSteps.premadeSpaces).toBe("Premade spaces");
  });

  it("placeholders keep the spec's single-brace form", () => {
    const placeholders = leaves(messages).flatMap((text) => text.match(/\{[^}]*\}/g) ?? []);
    expect(placeholders.length).toBeGreaterThan(0);
    for (const placeholder of placeholders) expect(placeholder).toMatch(/^\{(\d+|[a-z]+)\}$/);
    expect(leaves(messages).some((text) => text.includes("{{"))).toBe(false);
  });
});
