import { assetMessages } from "@atrium/domain";
import { sniff } from "../sniff.js";
import { UploadRejected } from "../upload-rejected.js";

// Audio: WAV and MP3 (audio/wav, audio/mpeg; spec 2 §5.2), recognised from the bytes and
// parsed for the duration; anything the parser cannot read is refused.

export interface AudioProbe {
  contentType: "audio/wav" | "audio/mpeg";
  /** Seconds. */
  duration: number;
}

export async function probeAudio(name: string, bytes: Uint8Array): Promise<AudioProbe> {
  if (bytes.length === 0) throw new UploadRejected(assetMessages.emptyFile, { file: name });
  const kind = sniff(bytes);
  if (kind !== "wav" && kind !== "mp3") {
    throw new UploadRejected(assetMessages.wrongContent, {
      file: name,
      expected: "a WAV or MP3 audio file",
    });
  }
  const contentType = kind === "wav" ? "audio/wav" : "audio/mpeg";
  try {
    const { parseBuffer } = await import("music-metadata");
    const metadata = await parseBuffer(
      bytes,
      { mimeType: contentType, size: bytes.length },
      { duration: true, skipCovers: true },
    );
    const duration = metadata.format.duration;
    if (duration === undefined || !Number.isFinite(duration) || duration <= 0)
      throw new Error("no duration");
    return { contentType, duration: Math.round(duration * 1000) / 1000 };
  } catch {
    throw new UploadRejected(assetMessages.unreadableAudio, { file: name });
  }
}
