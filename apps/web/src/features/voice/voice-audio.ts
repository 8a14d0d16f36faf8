import { JoinVoiceResultSchema, voiceMessages } from "@atrium/domain";
import {
  type VoiceFrame,
  type VoiceHub,
  VoiceJoinError,
  type VoicePeerInfo,
  type VoiceProvider,
  type VoiceStats,
} from "./voice-provider";

// What every voice provider shares (peer to peer and Janus): joining the instance's voice chat
// and following who is in it, the microphone, the AudioContext, and each remote voice's graph,
// MediaStreamSource -> Gain (volume, mute list) -> PannerNode at the speaker's head ->
// destination, with an AnalyserNode for the speaking indicator; the listener follows the
// camera. VoiceMix holds that part of a provider: the remote voices' audio, the frame, the
// volumes, the levels and the change listeners.

export interface RemoteVoice {
  audio: HTMLAudioElement;
  source: MediaStreamAudioSourceNode;
  gain: GainNode;
  panner: PannerNode;
  analyser: AnalyserNode;
}

/** Loudness (0-1) of what an analyser hears. */
export function levelOf(analyser: AnalyserNode | null, buffer: Uint8Array<ArrayBuffer>) {
  if (!analyser) return 0;
  analyser.getByteTimeDomainData(buffer);
  let sum = 0;
  for (const value of buffer) {
    const sample = (value - 128) / 128;
    sum += sample * sample;
  }
  return Math.min(1, Math.sqrt(sum / buffer.length) * 4);
}

/** The microphone (throws VoiceJoinError "microphone" when refused), enabled unless muted. */
export async function openMicrophone(muted: boolean) {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      video: false,
    });
  } catch {
    throw new VoiceJoinError("microphone", voiceMessages.microphone);
  }
  for (const track of stream.getAudioTracks()) track.enabled = !muted;
  return stream;
}

/** An AudioContext with an analyser on one's own microphone. */
export function openAudio(stream: MediaStream) {
  const context = new AudioContext();
  void context.resume().catch(() => {});
  const ownAnalyser = context.createAnalyser();
  ownAnalyser.fftSize = 512;
  context.createMediaStreamSource(stream).connect(ownAnalyser);
  return { context, ownAnalyser };
}

/** Plays a remote voice through its spatial graph. */
export function attachRemoteVoice(context: AudioContext, remote: MediaStream): RemoteVoice {
  // Chromium plays a remote WebRTC stream through Web Audio only while a media element holds
  // it too: a muted element does, without doubling the sound
  const audio = new Audio();
  audio.muted = true;
  audio.srcObject = remote;
  void audio.play().catch(() => {});
  const source = context.createMediaStreamSource(remote);
  const gain = context.createGain();
  const panner = new PannerNode(context, {
    panningModel: "HRTF",
    distanceModel: "inverse",
    refDistance: 1.5,
    maxDistance: 60,
    rolloffFactor: 1.2,
  });
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  source.connect(analyser);
  source.connect(gain).connect(panner).connect(context.destination);
  return { audio, source, gain, panner, analyser };
}

export function detachRemoteVoice(voice: RemoteVoice | null) {
  if (!voice) return;
  voice.source.disconnect();
  voice.gain.disconnect();
  voice.panner.disconnect();
  voice.audio.srcObject = null;
  voice.audio.remove();
}

/** A remote voice's gain: 0 when silenced by the mute list, else the chosen volume. */
export function applyVoiceGain(
  voice: RemoteVoice | null,
  visitorId: string,
  frame: VoiceFrame,
  volumes: ReadonlyMap<string, number>,
) {
  if (!voice) return;
  voice.gain.gain.value = frame.silenced.has(visitorId) ? 0 : (volumes.get(visitorId) ?? 1);
}

/** A remote voice's panner at that visitor's head. */
export function placeVoice(
  voice: RemoteVoice | null,
  visitorId: string,
  frame: VoiceFrame,
  context: AudioContext | null,
) {
  const at = frame.positions.get(visitorId);
  if (!voice || !at || !context) return;
  const time = context.currentTime;
  voice.panner.positionX.setTargetAtTime(at[0], time, 0.05);
  voice.panner.positionY.setTargetAtTime(at[1], time, 0.05);
  voice.panner.positionZ.setTargetAtTime(at[2], time, 0.05);
}

/** The AudioListener at the camera. */
export function placeListener(context: AudioContext | null, frame: VoiceFrame) {
  if (!context || !frame.listener) return;
  const { listener } = context;
  const time = context.currentTime;
  const [x, y, z] = frame.listener.position;
  const [fx, fy, fz] = frame.listener.forward;
  const [ux, uy, uz] = frame.listener.up;
  if (listener.positionX) {
    listener.positionX.setTargetAtTime(x, time, 0.05);
    listener.positionY.setTargetAtTime(y, time, 0.05);
    listener.positionZ.setTargetAtTime(z, time, 0.05);
    listener.forwardX.setTargetAtTime(fx, time, 0.05);
    listener.forwardY.setTargetAtTime(fy, time, 0.05);
    listener.forwardZ.setTargetAtTime(fz, time, 0.05);
    listener.upX.setTargetAtTime(ux, time, 0.05);
    listener.upY.setTargetAtTime(uy, time, 0.05);
    listener.upZ.setTargetAtTime(uz, time, 0.05);
  } else {
    listener.setPosition(x, y, z);
    listener.setOrientation(fx, fy, fz, ux, uy, uz);
  }
}

/** Audio a connection received and sent (getStats' inbound-rtp and outbound-rtp). */
export async function audioStats(visitorId: string, pc: RTCPeerConnection): Promise<VoiceStats> {
  const stats: VoiceStats = { visitorId, bytesReceived: 0, packetsReceived: 0, bytesSent: 0 };
  const report = await pc.getStats();
  report.forEach(
    (entry: {
      type: string;
      kind?: string;
      bytesReceived?: number;
      packetsReceived?: number;
      bytesSent?: number;
    }) => {
      if (entry.type === "inbound-rtp" && entry.kind === "audio") {
        stats.bytesReceived += entry.bytesReceived ?? 0;
        stats.packetsReceived += entry.packetsReceived ?? 0;
      }
      if (entry.type === "outbound-rtp" && entry.kind === "audio") {
        stats.bytesSent += entry.bytesSent ?? 0;
      }
    },
  );
  return stats;
}

/** Resolves once the connection gathered its ICE candidates, or after `timeoutMs`. */
export function gathered(pc: RTCPeerConnection, timeoutMs: number) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    function done() {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    }
    function check() {
      if (pc.iceGatheringState === "complete") done();
    }
    pc.addEventListener("icegatheringstatechange", check);
  });
}

/** Joins the instance's voice chat (JoinVoice): the ICE servers and who is in it already;
 * throws VoiceJoinError ("disabled" where the ACL says no). */
export async function joinVoiceChat(hub: VoiceHub, muted: boolean) {
  const ack = await hub.call("JoinVoice", { muted });
  const result = JoinVoiceResultSchema.safeParse(ack);
  if (!result.success) {
    const message = ack.ok ? "No answer" : ack.error.message;
    throw new VoiceJoinError(message === voiceMessages.disabled ? "disabled" : "failed", message);
  }
  return result.data;
}

/** Keeps `members` (who is in the voice chat, their microphone state) up to date; `gone` is
 * called for one who left it or the instance. Returns the unsubscriptions. */
export function followVoiceMembers(
  hub: VoiceHub,
  members: Map<string, { muted: boolean }>,
  gone: (visitorId: string) => void,
  changed: () => void,
) {
  return [
    hub.subscribe("VoiceState", (payload) => {
      if (payload.inVoice) {
        members.set(payload.visitorId, { muted: payload.muted });
      } else {
        members.delete(payload.visitorId);
        gone(payload.visitorId);
      }
      changed();
    }),
    hub.subscribe("LeftGroup", (payload) => {
      members.delete(payload.visitorId);
      gone(payload.visitorId);
      changed();
    }),
  ];
}

/** One remote voice's connection, as a provider keeps it (a peer, or a Janus subscription). */
export interface VoiceLink {
  visitorId: string;
  pc: RTCPeerConnection;
  voice: RemoteVoice | null;
  connected: boolean;
}

/**
 * The audio side of a voice provider: the AudioContext with one's own analyser, each remote
 * voice's graph placed at the speaker (`links`, the provider's connections by visitor id), the
 * chosen volumes and the mute list, the speaking levels, the statistics and who listens for
 * changes. The provider keeps the connections; this keeps what they sound like.
 */
export class VoiceMix {
  private context: AudioContext | null = null;
  frame: VoiceFrame = { me: null, listener: null, positions: new Map(), silenced: new Set() };
  private ownAnalyser: AnalyserNode | null = null;
  private readonly volumes = new Map<string, number>();
  private readonly buffer = new Uint8Array(512);
  private readonly listeners = new Set<() => void>();

  constructor(private readonly links: ReadonlyMap<string, VoiceLink>) {}

  open(stream: MediaStream) {
    ({ context: this.context, ownAnalyser: this.ownAnalyser } = openAudio(stream));
  }

  close() {
    void this.context?.close().catch(() => {});
    this.context = null;
    this.ownAnalyser = null;
  }

  /** A connection's remote track arrived: it plays through its spatial graph. */
  attach(link: VoiceLink, remote: MediaStream) {
    if (!this.context || link.voice) return;
    link.voice = attachRemoteVoice(this.context, remote);
    applyVoiceGain(link.voice, link.visitorId, this.frame, this.volumes);
    placeVoice(link.voice, link.visitorId, this.frame, this.context);
  }

  setVolume(visitorId: string, volume: number) {
    this.volumes.set(visitorId, Math.max(0, Math.min(1, volume)));
    applyVoiceGain(this.links.get(visitorId)?.voice ?? null, visitorId, this.frame, this.volumes);
  }

  update(next: VoiceFrame) {
    this.frame = next;
    placeListener(this.context, next);
    for (const link of this.links.values()) {
      placeVoice(link.voice, link.visitorId, next, this.context);
      applyVoiceGain(link.voice, link.visitorId, next, this.volumes);
    }
  }

  /** Everyone in the voice chat, with their connection and loudness. */
  peers(members: ReadonlyMap<string, { muted: boolean }>): VoicePeerInfo[] {
    return [...members].map(([visitorId, state]) => {
      const link = this.links.get(visitorId);
      return {
        visitorId,
        connected: Boolean(link?.connected),
        muted: state.muted,
        level:
          link && !this.frame.silenced.has(visitorId)
            ? levelOf(link.voice?.analyser ?? null, this.buffer)
            : 0,
      };
    });
  }

  ownLevel(muted: boolean) {
    return muted ? 0 : levelOf(this.ownAnalyser, this.buffer);
  }

  stats(): Promise<VoiceStats[]> {
    return Promise.all([...this.links.values()].map((link) => audioStats(link.visitorId, link.pc)));
  }

  changed = () => {
    for (const listener of this.listeners) listener();
  };

  onChange(listener: () => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The provider's methods this answers (`members`: who is in the voice chat). */
  provide(
    members: ReadonlyMap<string, { muted: boolean }>,
    muted: () => boolean,
  ): Pick<VoiceProvider, "setVolume" | "update" | "peers" | "ownLevel" | "stats" | "onChange"> {
    return {
      setVolume: (visitorId, volume) => this.setVolume(visitorId, volume),
      update: (next) => this.update(next),
      peers: () => this.peers(members),
      ownLevel: () => this.ownLevel(muted()),
      stats: () => this.stats(),
      onChange: (listener) => this.onChange(listener),
    };
  }
}
