import sharp from "sharp";

/** A real PNG of the given size with a gradient (so crops and resizes are visible). */
export async function pngImage(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      pixels[offset] = Math.round((x / width) * 255);
      pixels[offset + 1] = Math.round((y / height) * 255);
      pixels[offset + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A JPEG that carries EXIF metadata (camera, GPS-like comment) to check it is stripped. */
export async function jpegWithMetadata(width: number, height: number) {
  return sharp(await pngImage(width, height))
    .jpeg()
    .withExif({ IFD0: { Make: "SecretCam", Model: "Spy 3000", ImageDescription: "home address" } })
    .toBuffer();
}

/** A multipart/form-data body built by hand, as a browser sends it. */
export function multipartBody(
  fields: Record<string, string>,
  files: Record<string, { data: Buffer; filename: string; contentType: string }> = {},
) {
  const boundary = `----atrium${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
