import type { ImageCrop } from "@atrium/domain/entities/account";

/**
 * A small preview of what the server will store: the picture turned by `rotation` on a canvas
 * the size of its bounding box (as the server turns it), then the crop cut out of it.
 */
export async function cropPreview(src: string, crop: ImageCrop, size = 256): Promise<string> {
  const image = await loadImage(src);
  const radians = (crop.rotation * Math.PI) / 180;
  const sin = Math.abs(Math.sin(radians));
  const cos = Math.abs(Math.cos(radians));
  const width = image.naturalWidth * cos + image.naturalHeight * sin;
  const height = image.naturalWidth * sin + image.naturalHeight * cos;
  const scale = size / Math.max(crop.width, crop.height);
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(crop.width * scale);
  canvas.height = Math.round(crop.height * scale);
  const context = canvas.getContext("2d");
  if (!context) return src;
  context.scale(scale, scale);
  context.translate(-crop.x, -crop.y);
  context.translate(width / 2, height / 2);
  context.rotate(radians);
  context.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);
  return canvas.toDataURL("image/png");
}

function loadImage(src: string) {
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("Failed to load image"));
    image.src = src;
  });
}
