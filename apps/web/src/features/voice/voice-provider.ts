import type { HubAck, LiveUserHubServerEvents } from "@atrium/domain";

// The voice chat's seam (issue 19): the viewer talks to a VoiceProvider; the embedded default
// (p2p-voice.ts) is WebRTC peer to peer, signalled over liveuserhub. Another provider (an SFU
// such as Janus) would implement the same interface.

/** What a provider needs of the hub connection (use-live-scene gives it). */
export interface VoiceHub {
  myVisitorId(): string | null;
  call(method: string, payload: unknown): Promise<HubAck>;
  subscribe<K extends keyof LiveUserHubServerEvents>(
    event: K,
    handle: (payload: LiveUserHubServerEvents[K]) => void,
  ): () => void;
}

export type Vec3 = readonly [number, number, number];

/** Where things are, each time the viewer updates the voice chat (a few times a second). */
export interface VoiceFrame {
  /** This visitor's avatar (peer choice). */
  me: Vec3 | null;
  /** The camera: position, where it looks and its up (the listener of spatial audio). */
  listener: { position: Vec3; forward: Vec3; up: Vec3 } | null;
  /** Other visitors' avatars' heads, by visitor id. */
  positions: ReadonlyMap<string, Vec3>;
  /** Visitors whose voice is silenced here (the viewer's mute list). */
  silenced: ReadonlySet<string>;
}

export interface VoicePeerInfo {
  visitorId: string;
  /** The connection carries audio. */
  connected: boolean;
  /** Their microphone state, as they announced it. */
  muted: boolean;
  /** Their current loudness (0-1), for the speaking indicator. */
  level: number;
}

export interface VoiceStats {
  visitorId: string;
  bytesReceived: number;
  /** Audio packets received (the voice bench's "audio flowing"). */
  packetsReceived: number;
  bytesSent: number;
}

export class VoiceJoinError extends Error {
  constructor(
    readonly kind: "microphone" | "disabled" | "failed",
    message: string,
  ) {
    super(message);
  }
}

export interface VoiceProvider {
  /** Asks for the microphone and joins the instance's voice chat (throws VoiceJoinError). */
  join(options: { muted: boolean }): Promise<void>;
  leave(): void;
  setMuted(muted: boolean): void;
  /** A per-visitor volume, 0-1 (the visitor menu's slider). */
  setVolume(visitorId: string, volume: number): void;
  update(frame: VoiceFrame): void;
  peers(): VoicePeerInfo[];
  /** This visitor's own microphone loudness (0-1). */
  ownLevel(): number;
  /** RTCPeerConnection statistics of the audio, per peer (tests, diagnostics). */
  stats(): Promise<VoiceStats[]>;
  /** Called when peers or states change. */
  onChange(listener: () => void): () => void;
}
