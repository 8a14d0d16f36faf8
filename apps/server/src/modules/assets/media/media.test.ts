import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  sampleJpegWithExif,
  sampleMp3,
  sampleMp4,
  samplePngBomb,
  sampleWav,
} from "../../../../test/support/media.js";
import { UploadRejected } from "../upload-rejected.js";
import { probeAudio } from "./audio.js";
import { processPicture } from "./picture.js";
import { probeVideo, youtubeThumbnailUrl, youtubeVideoId } from "./video.js";

const messageOf = async (action: () => unknown) => {
  try {
    await action();
  } catch (error) {
    expect(error).toBeInstanceOf(UploadRejected);
    return (error as Error).message;
  }
  throw new Error("expected a rejection");
};

describe("pictures", { timeout: 30_000 }, () => {
  it("strips metadata and makes the full, display and thumbnail sizes", async () => {
    const picture = await processPicture("photo.jpg", await sampleJpegWithExif(3000, 2000));
    expect(picture).toMatchObject({ width: 3000, height: 2000 });
    expect(picture.display).toMatchObject({ width: 2048, height: 1365, contentType: "image/jpeg" });
    expect(picture.thumbnail).toMatchObject({ width: 512, contentType: "image/webp" });
    for (const variant of [picture.full, picture.display, picture.thumbnail]) {
      const metadata = await sharp(variant.bytes).metadata();
      expect(metadata.exif).toBeUndefined();
    }
  });

  it("refuses SVG, renamed executables, empty files and decompression bombs", async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(await messageOf(() => processPicture("logo.png", svg))).toContain("is an SVG drawing");
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]);
    expect(await messageOf(() => processPicture("setup.png", exe))).toBe(
      "setup.png is not a PNG, JPEG, GIF or WebP picture: its content does not match",
    );
    expect(await messageOf(() => processPicture("empty.png", new Uint8Array()))).toBe(
      "empty.png is empty",
    );
    expect(await messageOf(async () => processPicture("bomb.png", await samplePngBomb()))).toBe(
      "bomb.png is too large in pixels (at most 40,000,000 pixels)",
    );
  });
});

describe("videos", { timeout: 30_000 }, () => {
  it("reads the size and duration of an MP4 from its boxes", async () => {
    expect(
      await probeVideo("clip.mp4", sampleMp4({ width: 1280, height: 720, seconds: 12 })),
    ).toMatchObject({
      width: 1280,
      height: 720,
      duration: 12,
    });
  });

  it("refuses what is not an MP4 with a video track", async () => {
    expect(await messageOf(() => probeVideo("clip.mp4", sampleWav()))).toBe(
      "clip.mp4 is not an MP4 video: its content does not match",
    );
    const truncated = sampleMp4().subarray(0, 60);
    expect(await messageOf(() => probeVideo("cut.mp4", truncated))).toBe(
      "cut.mp4 could not be read as an MP4 video",
    );
  });

  it("recognises YouTube links and gives their thumbnail", () => {
    for (const link of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://youtube.com/shorts/dQw4w9WgXcQ",
    ]) {
      expect(youtubeVideoId(link)).toBe("dQw4w9WgXcQ");
    }
    expect(youtubeVideoId("https://vimeo.com/12345")).toBeNull();
    expect(youtubeVideoId("javascript:alert(1)")).toBeNull();
    expect(youtubeThumbnailUrl("dQw4w9WgXcQ")).toBe(
      "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    );
  });
});

describe("audio", { timeout: 30_000 }, () => {
  it("reads WAV and MP3 durations", async () => {
    expect(await probeAudio("tone.wav", sampleWav(2))).toEqual({
      contentType: "audio/wav",
      duration: 2,
    });
    const mp3 = await probeAudio("silence.mp3", sampleMp3(383));
    expect(mp3.contentType).toBe("audio/mpeg");
    expect(mp3.duration).toBeCloseTo(10, 0);
  });

  it("refuses other content", async () => {
    expect(await messageOf(() => probeAudio("song.mp3", sampleMp4()))).toBe(
      "song.mp3 is not a WAV or MP3 audio file: its content does not match",
    );
  });
});
