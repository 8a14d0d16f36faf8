import { describe, expect, it } from "vitest";
import * as domain from "./index";

describe("the package entry point re-exports every area", () => {
  it.each([
    "UserSchema",
    "SceneMetadataSchema",
    "DistrictFormSchema",
    "SceneDocumentSchema",
    "createEmptySceneDocument",
    "migrateSceneDocument",
    "messages",
    "ApiErrorBodySchema",
    "assertNever",
    "PAGE_SIZE_DEFAULT",
    "validateSubdomain",
    "formatCompactNumber",
    "embedUrl",
  ])("%s", (name) => {
    expect(domain).toHaveProperty(name);
  });
});
