import { type IceServer, SfuPublishResultSchema } from "@atrium/domain";
import {
  detachRemoteVoice,
  followVoiceMembers,
  gathered,
  joinVoiceChat,
  openMicrophone,
  type RemoteVoice,
  VoiceMix,
} from "./voice-audio";
import { type VoiceHub, VoiceJoinError, type VoiceProvider } from "./voice-provider";

// The voice provider of the Janus SFU (issue 19; the server has JANUS_URL): one connection
// sends the microphone to Janus, and each other visitor's voice arrives on a connection of its
// own (Janus offers it through the server, SfuOffer; this page answers, SfuAnswer), so each
// voice plays through its own PannerNode as with peer to peer. This page never talks to
// Janus's API: offers and answers go over liveuserhub, with every ICE candidate in them.

/** How long ICE gathering may take before the description goes with the candidates it has. */
const GATHER_MS = 3000;
/** After the connection to Janus fails (Janus restarted, the network changed), publish again. */
const REPUBLISH_MS = 2000;

interface Remote {
  visitorId: string;
  pc: RTCPeerConnection;
  voice: RemoteVoice | null;
  connected: boolean;
}

export function createJanusVoice(hub: VoiceHub): VoiceProvider {
  let stream: MediaStream | null = null;
  let iceServers: IceServer[] = [];
  let muted = false;
  let joined = false;
  let publisher: RTCPeerConnection | null = null;
  let republish: ReturnType<typeof setTimeout> | null = null;
  const members = new Map<string, { muted: boolean }>();
  const remotes = new Map<string, Remote>();
  const unsubscribe: (() => void)[] = [];

  const mix = new VoiceMix(remotes);
  const changed = mix.changed;
  const track = () => stream?.getAudioTracks()[0] ?? null;

  function closeRemote(visitorId: string) {
    const remote = remotes.get(visitorId);
    if (!remote) return;
    remotes.delete(visitorId);
    remote.pc.close();
    detachRemoteVoice(remote.voice);
    changed();
  }

  /** Sends the microphone to Janus (muted: the sender has no track, so no audio leaves). */
  async function publish() {
    publisher?.close();
    const pc = new RTCPeerConnection({ iceServers });
    publisher = pc;
    const transceiver = pc.addTransceiver("audio", {
      direction: "sendonly",
      streams: stream ? [stream] : [],
    });
    await transceiver.sender.replaceTrack(muted ? null : track());
    pc.onconnectionstatechange = () => {
      if (publisher !== pc) return;
      if (pc.connectionState === "failed" && joined && !republish) {
        republish = setTimeout(() => {
          republish = null;
          if (joined) void publish().catch(() => {});
        }, REPUBLISH_MS);
      }
      changed();
    };
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc, GATHER_MS);
    const ack = await hub.call("SfuPublish", { sdp: pc.localDescription?.sdp ?? "" });
    const result = SfuPublishResultSchema.safeParse(ack);
    if (!result.success) {
      throw new VoiceJoinError("failed", ack.ok ? "No answer" : ack.error.message);
    }
    if (publisher !== pc) return;
    await pc.setRemoteDescription({ type: "answer", sdp: result.data.sdp });
  }

  /** Janus offers one visitor's voice: answer it on a connection of its own. */
  async function receive(visitorId: string, sdp: string) {
    if (!joined) return;
    closeRemote(visitorId);
    const pc = new RTCPeerConnection({ iceServers });
    const remote: Remote = { visitorId, pc, voice: null, connected: false };
    remotes.set(visitorId, remote);
    pc.ontrack = (event) => {
      mix.attach(remote, event.streams[0] ?? new MediaStream([event.track]));
    };
    pc.onconnectionstatechange = () => {
      if (remotes.get(visitorId) !== remote) return;
      remote.connected = pc.connectionState === "connected";
      if (pc.connectionState === "failed") closeRemote(visitorId);
      changed();
    };
    try {
      await pc.setRemoteDescription({ type: "offer", sdp });
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(pc, GATHER_MS);
      if (remotes.get(visitorId) !== remote) return;
      const ack = await hub.call("SfuAnswer", { visitorId, sdp: pc.localDescription?.sdp ?? "" });
      if (!ack.ok) closeRemote(visitorId);
    } catch {
      closeRemote(visitorId);
    }
    changed();
  }

  return {
    async join(options) {
      muted = options.muted;
      stream = await openMicrophone(muted);
      mix.open(stream);
      unsubscribe.push(
        hub.subscribe("SfuOffer", (payload) => void receive(payload.visitorId, payload.sdp)),
        ...followVoiceMembers(hub, members, closeRemote, changed),
      );
      try {
        const result = await joinVoiceChat(hub, muted);
        iceServers = result.iceServers;
        for (const member of result.members) {
          members.set(member.visitorId, { muted: member.muted });
        }
        joined = true;
        await publish();
      } catch (err) {
        this.leave();
        throw err instanceof VoiceJoinError
          ? err
          : new VoiceJoinError("failed", "The voice server could not be reached");
      }
      changed();
    },

    leave() {
      const wasJoined = joined;
      joined = false;
      if (republish) clearTimeout(republish);
      republish = null;
      for (const off of unsubscribe.splice(0)) off();
      for (const id of [...remotes.keys()]) closeRemote(id);
      publisher?.close();
      publisher = null;
      members.clear();
      for (const each of stream?.getTracks() ?? []) each.stop();
      stream = null;
      mix.close();
      if (wasJoined) void hub.call("LeaveVoice", {});
      changed();
    },

    setMuted(next) {
      muted = next;
      const current = track();
      if (current) current.enabled = !muted;
      for (const transceiver of publisher?.getTransceivers() ?? []) {
        void transceiver.sender.replaceTrack(muted ? null : current).catch(() => {});
      }
      if (joined) void hub.call("SetVoiceState", { muted });
      changed();
    },

    ...mix.provide(members, () => muted),
  };
}
