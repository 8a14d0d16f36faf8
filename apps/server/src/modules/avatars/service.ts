import { createHash } from "node:crypto";
import { NotFoundError } from "../../errors.js";
import { AVATARS, type AvatarDefinition, findAvatar } from "./catalogue.js";
import { renderAvatarThumbnail } from "./thumbnail.js";

export interface AvatarAsset {
  data: Buffer;
  etag: string;
}

export const avatarModelUrl = (id: string) => `/api/avatarService/model/${id}.glb`;
export const avatarThumbnailUrl = (id: string) => `/api/avatarService/thumbnail/${id}.png`;

/** The avatar catalogue; models and thumbnails are generated on first use and kept. */
export function createAvatarsService() {
  const cache = new Map<string, Promise<AvatarAsset>>();
  const cached = (key: string, make: () => Promise<Uint8Array | Buffer>) => {
    let entry = cache.get(key);
    if (!entry) {
      entry = make().then((bytes) => {
        const data = Buffer.from(bytes);
        return { data, etag: `"${createHash("sha256").update(data).digest("hex").slice(0, 32)}"` };
      });
      cache.set(key, entry);
    }
    return entry;
  };
  const avatarOrThrow = (id: string): AvatarDefinition => {
    const avatar = findAvatar(id);
    if (!avatar) throw new NotFoundError();
    return avatar;
  };

  return {
    list() {
      return AVATARS.map((avatar) => ({
        avatarId: avatar.id,
        name: avatar.name,
        modelUrl: avatarModelUrl(avatar.id),
        thumbnailUrl: avatarThumbnailUrl(avatar.id),
      }));
    },
    exists: (id: string) => findAvatar(id) !== null,
    model: (id: string) => {
      const avatar = avatarOrThrow(id);
      // glTF-Transform loads with the first avatar model asked for, not at the start
      return cached(`model:${id}`, async () =>
        (await import("./model.js")).buildAvatarModel(avatar),
      );
    },
    thumbnail: (id: string) => {
      const avatar = avatarOrThrow(id);
      return cached(`thumbnail:${id}`, () => renderAvatarThumbnail(avatar));
    },
  };
}

export type AvatarsService = ReturnType<typeof createAvatarsService>;
