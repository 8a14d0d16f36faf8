import { describe, expect, it } from "vitest";
import {
  matchesAccept,
  validateDroppedFile,
  validateModelUpload,
  validateRequiredFile,
  validateSingleFile,
} from "./file-drop";

const file = (name: string, size: number, type = "") => ({ name, size, type });

describe("file drop: default max size 3 MB", () => {
  it("3 MB passes, one byte more is rejected naming the file and the limit", () => {
    expect(validateDroppedFile(file("cover.png", 3 * 1024 * 1024, "image/png"))).toBeNull();
    expect(validateDroppedFile(file("cover.png", 3 * 1024 * 1024 + 1, "image/png"))).toBe(
      "cover.png was rejected: larger than 3 MB",
    );
  });
  it("a wrong type is rejected naming the expected types (video/mp4, audio/wav and audio/mpeg)", () => {
    expect(
      validateDroppedFile(file("clip.mov", 10, "video/quicktime"), { accept: ["video/mp4"] }),
    ).toBe("clip.mov was rejected: expected video/mp4");
    expect(matchesAccept(file("a.wav", 1, "audio/wav"), ["audio/wav", "audio/mpeg"])).toBe(true);
    expect(matchesAccept(file("a.png", 1, "image/png"), ["image/*"])).toBe(true);
    expect(matchesAccept(file("a.GLB", 1), [".glb"])).toBe(true);
  });
  it("'Required' when neither a file nor a stored url exists", () => {
    expect(validateRequiredFile(null, null)).toBe("Required");
    expect(validateRequiredFile(undefined, "  ")).toBe("Required");
    expect(validateRequiredFile(null, "/api/fileService/file/1")).toBeNull();
    expect(validateRequiredFile(file("a.png", 1), null)).toBeNull();
  });
  it("'You should upload only one {0}'", () => {
    expect(validateSingleFile([1, 2], "audio")).toBe("You should upload only one audio");
    expect(validateSingleFile([1], "audio")).toBeNull();
  });
});

describe("3D model upload: only one model file (zip, glb, obj or gltf)", () => {
  it("an obj with its mtl and textures passes", () => {
    expect(
      validateModelUpload([
        file("chair.obj", 1000),
        file("chair.mtl", 100),
        file("wood.jpg", 5000, "image/jpeg"),
      ]),
    ).toBeNull();
  });
  it("two model files: 'Can't have more than 1 3D model files'", () => {
    expect(validateModelUpload([file("a.glb", 10), file("b.gltf", 10)])).toBe(
      "Can't have more than 1 3D model files",
    );
  });
  it("default max size 4194304 bytes per file", () => {
    expect(validateModelUpload([file("a.glb", 4_194_304)])).toBeNull();
    expect(validateModelUpload([file("a.glb", 4_194_305)])).toBe(
      "a.glb was rejected: larger than 4 MB",
    );
  });
  it("an unaccepted companion is rejected; no model at all is 'Required'", () => {
    expect(validateModelUpload([file("a.glb", 10), file("notes.txt", 10, "text/plain")])).toBe(
      "notes.txt was rejected: expected .bin, .glb, .obj, .gltf, .mtl, .zip, image/*",
    );
    expect(validateModelUpload([file("wood.jpg", 10, "image/jpeg")])).toBe("Required");
  });
});
