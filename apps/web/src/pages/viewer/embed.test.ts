import { describe, expect, it } from "vitest";
import { embedFlags, spacePath } from "./embed";

describe("embedFlags", () => {
  it("shows sign-in and communications outside embed", () => {
    expect(embedFlags("/viewer/abc", new URLSearchParams())).toEqual({
      embed: false,
      showSignIn: true,
      showCommunications: true,
    });
  });

  it("hides both in embed unless the flags are 1", () => {
    expect(embedFlags("/viewer/embed/abc", new URLSearchParams())).toEqual({
      embed: true,
      showSignIn: false,
      showCommunications: false,
    });
    expect(
      embedFlags("/viewer/embed/abc", new URLSearchParams("showSignIn=1&showCommunications=0")),
    ).toEqual({
      embed: true,
      showSignIn: true,
      showCommunications: false,
    });
  });

  it("portals keep the mode and flags", () => {
    expect(spacePath("x", { embed: false, showSignIn: true, showCommunications: true })).toBe(
      "/viewer/x",
    );
    expect(spacePath("x", { embed: true, showSignIn: true, showCommunications: false })).toBe(
      "/viewer/embed/x?showSignIn=1&showCommunications=0",
    );
  });
});
