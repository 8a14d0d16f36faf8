import { describe, expect, it } from "vitest";
import { avatarModelUrlOf } from "./avatar-model";

const list = [
  { avatarId: "juniper", modelUrl: "/api/avatarService/model/juniper.glb" },
  { avatarId: "coral", modelUrl: "/api/avatarService/model/coral.glb" },
];

describe("another visitor's avatar model", () => {
  it("is the model of their own avatar", () => {
    expect(avatarModelUrlOf(list, "coral")).toBe("/api/avatarService/model/coral.glb");
  });

  it("is the default (first) one for guests, no choice and unknown ids", () => {
    expect(avatarModelUrlOf(list, null)).toBe("/api/avatarService/model/juniper.glb");
    expect(avatarModelUrlOf(list, undefined)).toBe("/api/avatarService/model/juniper.glb");
    expect(avatarModelUrlOf(list, "gone")).toBe("/api/avatarService/model/juniper.glb");
  });

  it("is none while the list is not there", () => {
    expect(avatarModelUrlOf(undefined, "coral")).toBeNull();
    expect(avatarModelUrlOf([], "coral")).toBeNull();
  });
});
