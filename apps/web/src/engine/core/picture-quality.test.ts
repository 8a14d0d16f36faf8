import { Texture } from "three";
import { describe, expect, it, vi } from "vitest";
import { itemContext, placedItem } from "./item-fixtures";
import { buildPicture } from "./items";
import { ResourceCache } from "./resources";

// A shown picture follows the graphics quality: when the texture size changes, it loads its
// picture again at the new size, keeps the old texture until then, and frees it after.

vi.mock("./loaders", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./loaders")>()),
  loadTexture: vi.fn(async (_url: string, maxSize: number) => {
    const texture = new Texture();
    texture.name = `size-${maxSize}`;
    return { texture, width: maxSize, height: maxSize };
  }),
}));

const picture = {
  family: "picture",
  fileUrl: "/api/fileService/file/picture-1",
  width: 800,
  height: 600,
  defaultSize: 1.5,
  transparent: false,
};

const contextWith = (size: { value: number }, cache: ResourceCache) =>
  itemContext(async () => picture, cache, { textureSize: () => size.value });

const item = placedItem("picture-1", [0, 1.5, 0]);

describe("a picture's texture and the graphics quality", () => {
  it("loads again at the new size and frees the old one", async () => {
    const size = { value: 1024 };
    const cache = new ResourceCache();
    const built = buildPicture(item as never, contextWith(size, cache));
    expect(await built.ready).toBe("shown");
    const mapOf = () =>
      (built.root.children[0] as unknown as { material: { map: Texture } }).material.map;
    expect(mapOf().name).toBe("size-1024");

    size.value = 256;
    await built.retexture?.();
    expect(mapOf().name).toBe("size-256");
    expect(cache.size).toBe(1);

    // the same size again loads nothing
    await built.retexture?.();
    expect(cache.size).toBe(1);
    built.dispose();
    expect(cache.size).toBe(0);
  });
});
