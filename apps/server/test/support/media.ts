import sharp from "sharp";

// Media files made in code for the tests: a minimal MP4 (a movie box with one video track of
// the given size and duration), PCM WAV and MPEG-1 Layer III frames, and pictures with EXIF.

const u32 = (value: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
};
const u16 = (value: number) => new Uint8Array([(value >> 8) & 255, value & 255]);
const ascii = (text: string) => new TextEncoder().encode(text);
const zeros = (count: number) => new Uint8Array(count);

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const box = (type: string, ...content: Uint8Array[]) => {
  const body = concat(content);
  return concat([u32(body.length + 8), ascii(type), body]);
};
const fullBox = (type: string, version: number, ...content: Uint8Array[]) =>
  box(type, new Uint8Array([version, 0, 0, 0]), ...content);

const matrix = concat([
  u32(0x10000),
  u32(0),
  u32(0),
  u32(0),
  u32(0x10000),
  u32(0),
  u32(0),
  u32(0),
  u32(0x40000000),
]);

export function sampleMp4({ width = 640, height = 360, seconds = 5 } = {}) {
  const timescale = 1000;
  const duration = seconds * timescale;
  const mvhd = fullBox(
    "mvhd",
    0,
    u32(0),
    u32(0),
    u32(timescale),
    u32(duration),
    u32(0x10000),
    u16(0x100),
    zeros(10),
    matrix,
    zeros(24),
    u32(2),
  );
  const tkhd = fullBox(
    "tkhd",
    0,
    u32(0),
    u32(0),
    u32(1),
    u32(0),
    u32(duration),
    zeros(8),
    u16(0),
    u16(0),
    u16(0),
    u16(0),
    matrix,
    u32(width << 16),
    u32(height << 16),
  );
  tkhd[11] = 3; // flags: enabled, in movie
  const mdhd = fullBox(
    "mdhd",
    0,
    u32(0),
    u32(0),
    u32(timescale),
    u32(duration),
    u16(0x55c4),
    u16(0),
  );
  const hdlr = fullBox("hdlr", 0, u32(0), ascii("vide"), zeros(12), ascii("VideoHandler\0"));
  const avcC = box("avcC", new Uint8Array([1, 0x42, 0xc0, 0x1e, 0xff, 0xe0, 0x00]));
  const avc1 = box(
    "avc1",
    zeros(6),
    u16(1),
    zeros(16),
    u16(width),
    u16(height),
    u32(0x480000),
    u32(0x480000),
    u32(0),
    u16(1),
    zeros(32),
    u16(0x18),
    u16(0xffff),
    avcC,
  );
  const stbl = box(
    "stbl",
    fullBox("stsd", 0, u32(1), avc1),
    fullBox("stts", 0, u32(1), u32(1), u32(duration)),
    fullBox("stsc", 0, u32(1), u32(1), u32(1), u32(1)),
    fullBox("stsz", 0, u32(0), u32(1), u32(4)),
    fullBox("stco", 0, u32(1), u32(0)),
  );
  const url = fullBox("url ", 0);
  url[11] = 1; // flags: the media is in this file
  const minf = box(
    "minf",
    fullBox("vmhd", 0, zeros(8)),
    box("dinf", fullBox("dref", 0, u32(1), url)),
    stbl,
  );
  const moov = box("moov", mvhd, box("trak", tkhd, box("mdia", mdhd, hdlr, minf)));
  return concat([
    box("ftyp", ascii("isom"), u32(0x200), ascii("isomiso2avc1mp41")),
    moov,
    box("mdat", zeros(4)),
  ]);
}

export function sampleWav(seconds = 1, sampleRate = 8000) {
  const samples = seconds * sampleRate;
  const header = new DataView(new ArrayBuffer(44));
  const text = (offset: number, value: string) =>
    ascii(value).forEach((byte, i) => {
      header.setUint8(offset + i, byte);
    });
  text(0, "RIFF");
  header.setUint32(4, 36 + samples * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  header.setUint32(16, 16, true);
  header.setUint16(20, 1, true);
  header.setUint16(22, 1, true);
  header.setUint32(24, sampleRate, true);
  header.setUint32(28, sampleRate * 2, true);
  header.setUint16(32, 2, true);
  header.setUint16(34, 16, true);
  text(36, "data");
  header.setUint32(40, samples * 2, true);
  const data = new Int16Array(samples);
  for (let i = 0; i < samples; i++)
    data[i] = Math.round(Math.sin((i / sampleRate) * 440 * Math.PI * 2) * 8000);
  return concat([new Uint8Array(header.buffer), new Uint8Array(data.buffer)]);
}

/** Silent MPEG-1 Layer III frames at 128 kbit/s, 44.1 kHz: 38.28 frames a second. */
export function sampleMp3(frames = 77) {
  const frame = new Uint8Array(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return concat(Array.from({ length: frames }, () => frame));
}

/** A JPEG carrying EXIF metadata (camera, orientation), to check it is stripped. */
export async function sampleJpegWithExif(width = 1200, height = 800) {
  const image = await sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .composite([
      {
        input: {
          create: {
            width: width / 2,
            height: height / 2,
            channels: 3,
            background: { r: 240, g: 200, b: 60 },
          },
        },
        left: 0,
        top: 0,
      },
    ])
    .withExif({
      IFD0: { Make: "Atrium Test Camera", Model: "T-1000", Copyright: "secret location" },
    })
    .jpeg()
    .toBuffer();
  return new Uint8Array(image);
}

/** A PNG whose header claims a huge size: a decompression bomb stopped before decoding. */
export async function samplePngBomb() {
  const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
    .png()
    .toBuffer();
  const bomb = new Uint8Array(png);
  const view = new DataView(bomb.buffer);
  view.setUint32(16, 30000); // IHDR width
  view.setUint32(20, 30000); // IHDR height
  return bomb;
}
