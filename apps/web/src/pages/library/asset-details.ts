import type { LibraryAsset } from "@atrium/domain";
import type { TFunction } from "i18next";
import "./catalogue";

const duration = (seconds: number) => {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, "0")}`;
};

/** The short facts a card shows under the title, by family. */
export function assetDetails(asset: LibraryAsset, t: TFunction): string[] {
  const counted = (key: string, count: number) =>
    t(`library.details.${key}`, { count, value: count.toLocaleString("en") });
  switch (asset.family) {
    case "picture":
      return [t("library.details.pixels", { width: asset.width, height: asset.height })];
    case "video":
      return asset.provider === "Youtube"
        ? [t("library.details.youtube")]
        : [
            t("library.details.pixels", { width: asset.width ?? 0, height: asset.height ?? 0 }),
            duration(asset.duration ?? 0),
          ];
    case "audio":
      return [duration(asset.duration)];
    case "model3d":
      return [
        counted("triangles", asset.triangleCount),
        counted("meshes", asset.meshCount),
        counted("materials", asset.materialCount),
        counted("textures", asset.textureCount),
        counted("animations", asset.animationClipCount),
      ];
    case "text3d":
      return asset.unsupportedCharacters.length > 0
        ? [t("library.details.unsupported", { chars: asset.unsupportedCharacters.join(" ") })]
        : [];
    case "webview3d":
      return [asset.url];
    case "infopoint":
      return asset.category ? [asset.category] : [];
  }
}
