import {
  type AnimationClip,
  ClampToEdgeWrapping,
  LinearMipmapLinearFilter,
  type Object3D,
  RepeatWrapping,
  SRGBColorSpace,
  Texture,
} from "three";
import { nameUnnamedNodes } from "./animation";
import { loadModelKit } from "./kits";
import { parseModel } from "./models";
import { disposeObject } from "./resources";

/** A file that could not be fetched or decoded (shown as 'Invalid url'). */
export class BrokenFileError extends Error {}

/** Fetches an image and makes a texture at most `maxSize` pixels on its longest side. */
export async function loadTexture(
  url: string,
  maxSize: number,
  options: { repeat?: boolean; color?: boolean } = {},
): Promise<{ texture: Texture; width: number; height: number }> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin" });
  } catch (error) {
    throw new BrokenFileError(String(error));
  }
  if (!response.ok) throw new BrokenFileError(`${url}: ${response.status}`);
  let bitmap: ImageBitmap;
  try {
    const blob = await response.blob();
    // decoded once; a picture larger than the quality allows is scaled down from the bitmap
    const decoded = await createImageBitmap(blob, { imageOrientation: "flipY" });
    const scale = Math.min(1, maxSize / Math.max(decoded.width, decoded.height));
    if (scale < 1) {
      bitmap = await createImageBitmap(decoded, {
        resizeWidth: Math.max(1, Math.round(decoded.width * scale)),
        resizeHeight: Math.max(1, Math.round(decoded.height * scale)),
        resizeQuality: "high",
      });
      decoded.close();
    } else bitmap = decoded;
  } catch (error) {
    throw new BrokenFileError(`${url}: ${String(error)}`);
  }
  const texture = new Texture(bitmap);
  texture.flipY = false;
  if (options.color !== false) texture.colorSpace = SRGBColorSpace;
  texture.wrapS = texture.wrapT = options.repeat ? RepeatWrapping : ClampToEdgeWrapping;
  texture.minFilter = LinearMipmapLinearFilter;
  texture.needsUpdate = true;
  const width = bitmap.width;
  const height = bitmap.height;
  // the GPU keeps its copy: let the bitmap go with the texture
  texture.addEventListener("dispose", () => bitmap.close());
  return { texture, width, height };
}

export interface LoadedModel {
  scene: Object3D;
  animations: AnimationClip[];
}

/** Loads a glb (meshopt-compressed models need the decoder; KTX2 textures the KTX2 kit). */
export async function loadModel(url: string): Promise<LoadedModel> {
  const { gltfLoader } = await loadModelKit();
  try {
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`${response.status}`);
    const gltf = await parseModel(gltfLoader, await response.arrayBuffer(), baseOf(url));
    // a placed model plays on a copy: its tracks must find the copy's nodes by name
    nameUnnamedNodes(gltf.scene);
    return { scene: gltf.scene, animations: gltf.animations };
  } catch (error) {
    throw new BrokenFileError(`${url}: ${String(error)}`);
  }
}

/** The folder of a URL, which a model's relative references are resolved against. */
const baseOf = (url: string) => url.slice(0, url.lastIndexOf("/") + 1);

export function freeModel(model: LoadedModel) {
  disposeObject(model.scene);
}
