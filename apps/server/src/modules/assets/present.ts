import { type LibraryAsset, TextAssetSchema } from "@atrium/domain";
import { fileUrl, thumbnailUrl } from "../files/service.js";
import type { AssetWithCreator } from "./repo.js";

// Rows as the API answers them: file ids become file-service URLs, the family's details are
// spread into the family's shape (packages/domain entities/library-asset.ts).

const url = (id: string | null) => (id ? fileUrl(id) : null);

export function presentAsset({ asset, creator }: AssetWithCreator): LibraryAsset {
  const details = asset.details as Record<string, unknown>;
  const base = {
    assetId: asset.id,
    title: asset.title,
    description: asset.description,
    tags: asset.tags,
    public: asset.public,
    licenseId: asset.licenseId,
    interactive: asset.interactive,
    collisions: asset.collisions,
    transparent: asset.transparent,
    defaultSize: asset.defaultSize,
    thumbnailUrl: asset.thumbnailFileId ? `${thumbnailUrl(asset.thumbnailFileId)}?size=512` : null,
    fileUrl: url(asset.fileId),
    bytes: asset.bytes,
    createdAt: asset.createdAt.toISOString(),
    updatedAt: asset.updatedAt.toISOString(),
    creator: {
      userId: creator.userId,
      name: creator.name,
      profilePicture: creator.profilePictureFileId
        ? thumbnailUrl(creator.profilePictureFileId)
        : null,
    },
  };
  switch (asset.family) {
    case "picture":
      return {
        ...base,
        family: "picture",
        width: Number(details.width),
        height: Number(details.height),
        fullUrl: url(asset.originalFileId) ?? (base.fileUrl as string),
      };
    case "video": {
      const provider = details.provider === "Youtube" ? "Youtube" : "File";
      const link = (details.link as string | undefined) ?? null;
      return {
        ...base,
        family: "video",
        provider,
        // spec 2 §3.9: for YouTube the link and the file are the same address
        link: provider === "Youtube" ? link : base.fileUrl,
        file: provider === "Youtube" ? link : base.fileUrl,
        youtubeVideoId: (details.youtubeVideoId as string | undefined) ?? null,
        width: (details.width as number | undefined) ?? null,
        height: (details.height as number | undefined) ?? null,
        duration: (details.duration as number | undefined) ?? null,
        ...(provider === "Youtube" && !base.thumbnailUrl
          ? { thumbnailUrl: (details.thumbnailUrl as string | undefined) ?? null }
          : {}),
      };
    }
    case "audio":
      return {
        ...base,
        family: "audio",
        contentType: details.contentType === "audio/wav" ? "audio/wav" : "audio/mpeg",
        duration: Number(details.duration),
      };
    case "model3d":
      return {
        ...base,
        family: "model3d",
        sourceFormat: (details.sourceFormat as "glb" | "gltf" | "obj") ?? "glb",
        originalFileUrl: url(asset.originalFileId) ?? (base.fileUrl as string),
        animationClipCount: Number(details.animationClipCount ?? 0),
        // models stored before the names were kept get them on first read (clip-names.ts)
        animationClips: Array.isArray(details.animationClips)
          ? details.animationClips.map(String)
          : [],
        triangleCount: Number(details.triangleCount ?? 0),
        meshCount: Number(details.meshCount ?? 0),
        materialCount: Number(details.materialCount ?? 0),
        textureCount: Number(details.textureCount ?? 0),
      };
    case "text3d":
      return {
        ...base,
        family: "text3d",
        text: TextAssetSchema.parse(details.text),
        unsupportedCharacters: (details.unsupportedCharacters as string[] | undefined) ?? [],
      };
    case "webview3d":
      return { ...base, family: "webview3d", url: String(details.url) };
    case "infopoint":
      return {
        ...base,
        family: "infopoint",
        body: String(details.body ?? ""),
        category: (details.category as string | undefined) ?? null,
      };
  }
}
