import { assetMessages } from "@atrium/domain";
import { loadMp4box } from "../../../infra/packages.js";
import { sniff } from "../sniff.js";
import { UploadRejected } from "../upload-rejected.js";

// MP4 videos: the boxes are read (no decoding, no binary tool) for the picture size of the first
// video track and the duration. A file without a readable movie box or a video track is refused.

export interface VideoProbe {
  width: number;
  height: number;
  /** Seconds. */
  duration: number;
  codec: string;
}

export async function probeVideo(name: string, bytes: Uint8Array): Promise<VideoProbe> {
  if (bytes.length === 0) throw new UploadRejected(assetMessages.emptyFile, { file: name });
  if (sniff(bytes) !== "mp4") {
    throw new UploadRejected(assetMessages.wrongContent, { file: name, expected: "an MP4 video" });
  }
  // mp4box, loaded with the first video (its log is set to errors only: a refusal is what matters)
  const { createFile, MP4BoxBuffer } = await loadMp4box();
  const file = createFile();
  let probe: VideoProbe | null = null;
  let failed = false;
  file.onError = () => {
    failed = true;
  };
  file.onReady = (info) => {
    const track = info.videoTracks[0];
    if (!track) return;
    const width = track.video?.width ?? track.track_width;
    const height = track.video?.height ?? track.track_height;
    const duration =
      info.timescale > 0 ? info.duration / info.timescale : track.duration / (track.timescale || 1);
    probe = {
      width: Math.round(width),
      height: Math.round(height),
      duration: Math.round(duration * 1000) / 1000,
      codec: track.codec,
    };
  };
  try {
    const copy = bytes.slice().buffer;
    file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, 0), true);
    file.flush();
  } catch {
    failed = true;
  }
  const result = probe as VideoProbe | null;
  if (failed || !result || result.width <= 0 || result.height <= 0) {
    throw new UploadRejected(assetMessages.unreadableVideo, { file: name });
  }
  return result;
}

const YOUTUBE_ID = /^[\w-]{11}$/;

/** The video id of a YouTube link (watch, youtu.be, embed, shorts, live), or null. */
export function youtubeVideoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www\.|m\.|music\.)/, "");
  let id: string | null = null;
  if (host === "youtu.be") id = url.pathname.slice(1).split("/")[0] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (url.pathname === "/watch") id = url.searchParams.get("v");
    else {
      const match = /^\/(embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname);
      id = match?.[2] ?? null;
    }
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export const youtubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;
/** YouTube's own still for the video (served by YouTube; Atrium does not fetch it). */
export const youtubeThumbnailUrl = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
