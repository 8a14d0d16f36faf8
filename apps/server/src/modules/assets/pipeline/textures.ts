import { assetMessages } from "@atrium/domain";
import type { Document, Texture } from "@gltf-transform/core";
import { KHRTextureBasisu } from "@gltf-transform/extensions";
import { sniff } from "../sniff.js";
import { UploadRejected } from "../upload-rejected.js";
import { readKtx2Header } from "./ktx2.js";

const IMAGE_MIME_TYPES: Record<string, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  // an obj's mtl may name a GIF: re-encoded as WebP with the rest
  gif: "image/gif",
  ktx2: "image/ktx2",
};

/**
 * Every texture's content is a picture the delivery copy can carry: PNG, JPEG, WebP (re-encoded
 * as WebP later), AVIF (EXT_texture_avif, kept) or KTX2 with Basis Universal data (kept as is
 * under KHR_texture_basisu; its header checked here). The MIME type follows the bytes.
 */
export function checkTextures(modelName: string, document: Document) {
  const root = document.getRoot();
  let hasKtx2 = false;
  root.listTextures().forEach((texture, index) => {
    const image = texture.getImage();
    if (!image) return;
    const name = textureName(modelName, texture, index);
    const kind = sniff(image);
    const mimeType = IMAGE_MIME_TYPES[kind];
    if (!mimeType) {
      if (texture.getMimeType() === "image/avif") return;
      throw new UploadRejected(assetMessages.unusableTexture, {
        file: name,
        reason: "it is not a PNG, JPEG, WebP or KTX2 image",
      });
    }
    if (kind === "ktx2") {
      const header = readKtx2Header(image);
      if ("problem" in header)
        throw new UploadRejected(assetMessages.unusableTexture, {
          file: name,
          reason: header.problem,
        });
      hasKtx2 = true;
    }
    texture.setMimeType(mimeType);
  });
  // a KTX2 image is written as the source of KHR_texture_basisu, which three.js requires
  if (hasKtx2) document.createExtension(KHRTextureBasisu).setRequired(true);
}

function textureName(modelName: string, texture: Texture, index: number) {
  const uri = texture.getURI();
  if (uri && !uri.startsWith("data:")) return uri.split(/[\\/]/).pop() || uri;
  const label = texture.getName() ? `"${texture.getName()}"` : `${index}`;
  return `${modelName}'s texture ${label}`;
}
