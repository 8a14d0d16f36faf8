import {
  acceptVoiceOffer,
  type IceServer,
  keepOwnVoiceOffer,
  planVoiceConnections,
  recordVoiceDecline,
  selectVoicePeers,
  VOICE_MAX_PEERS,
  VOICE_SIGNAL_RETRIES,
  VOICE_SIGNAL_RETRY_MS,
  type VoiceSignalBody,
  voiceMembersSettleDelay,
  voiceOfferDelay,
} from "@atrium/domain";
import {
  detachRemoteVoice,
  followVoiceMembers,
  gathered,
  joinVoiceChat,
  openMicrophone,
  type RemoteVoice,
  VoiceMix,
} from "./voice-audio";
import type { VoiceHub, VoiceProvider } from "./voice-provider";

// The embedded voice provider (issue 19): WebRTC audio peer to peer, signalled over liveuserhub.
// Each visitor connects to the nearest few others (packages/domain rules/voice-peers.ts); each
// remote voice plays through a Web Audio PannerNode at that visitor's avatar, with the listener
// at the camera, and an AnalyserNode gives the speaking indicator its level.

/** How often the peers are chosen again as people move. */
const PLAN_MS = 1000;
/** A connection that has not carried audio after this long is dropped (and may be tried again). */
const CONNECT_TIMEOUT_MS = 20_000;
/** A decline is followed by a new plan after REPLAN_MIN_MS plus up to REPLAN_JITTER_MS
 * (jittered: those declined at once do not all turn to the same next peer at once). */
const REPLAN_MIN_MS = 20;
const REPLAN_JITTER_MS = 100;
/** An offer or answer waits this long at most for ICE gathering and goes with the candidates
 * gathered by then inside its SDP (host candidates take a few milliseconds; server-reflexive
 * ones a round trip to the STUN server); later ones follow in batches. One message per side
 * instead of three or four keeps joining a busy voice chat within the hub's signalling budget. */
const GATHER_MS = 300;
/** Late ICE candidates are sent in batches, at most this long after the first one. */
const CANDIDATE_BATCH_MS = 60;

interface Peer {
  visitorId: string;
  pc: RTCPeerConnection;
  initiator: boolean;
  /** The initiator's offer was made (false during the polite wait). */
  offered: boolean;
  createdAt: number;
  remoteSet: boolean;
  /** Our description went out (until then, candidates travel inside it). */
  described: boolean;
  pendingCandidates: RTCIceCandidateInit[];
  outgoing: RTCIceCandidateInit[];
  flush: ReturnType<typeof setTimeout> | null;
  voice: RemoteVoice | null;
  connected: boolean;
}

export function createP2PVoice(hub: VoiceHub): VoiceProvider {
  let stream: MediaStream | null = null;
  let iceServers: IceServer[] = [];
  let muted = false;
  let joined = false;
  const members = new Map<string, { muted: boolean }>();
  const peers = new Map<string, Peer>();
  const declinedUntil = new Map<string, number>();
  /** declines in a row per peer (the backoff doubles: recordVoiceDecline) */
  const backoff = { declines: new Map<string, number>(), declinedUntil };
  const unsubscribe: (() => void)[] = [];
  let planTimer: ReturnType<typeof setInterval> | null = null;
  let wanted: string[] = [];

  const mix = new VoiceMix(peers);
  const changed = mix.changed;
  const me = () => hub.myVisitorId() ?? "";

  /** Signalling to each peer, in order: a message the hub refuses for its rate is sent again a
   * little later, before anything sent to that peer after it. */
  const outbox = new Map<string, Promise<void>>();
  function send(to: string, signal: VoiceSignalBody) {
    const peer = peers.get(to);
    const current = () => signal.type === "bye" || (peer !== undefined && peers.get(to) === peer);
    const previous = outbox.get(to) ?? Promise.resolve();
    const sent = previous.then(async () => {
      for (let attempt = 0; current(); attempt++) {
        const ack = await hub.call("SendVoiceSignal", { to, signal });
        if (ack.ok) return;
        if (ack.error.code === "rate-limited" && attempt < VOICE_SIGNAL_RETRIES) {
          await new Promise((resolve) =>
            setTimeout(resolve, VOICE_SIGNAL_RETRY_MS * (attempt + 1)),
          );
          continue;
        }
        // refused (gone, blocked, still too many): drop that connection, try again later
        if (signal.type !== "bye" && current()) {
          close(to, false);
          recordVoiceDecline(backoff, to, Date.now());
        }
        return;
      }
    });
    outbox.set(to, sent);
    void sent.then(() => {
      if (outbox.get(to) === sent) outbox.delete(to);
    });
  }

  /** Sends our description once ICE gathering is done (or GATHER_MS passed), its candidates
   * inside; candidates found later go in batches (onicecandidate). */
  async function describe(peer: Peer, type: "offer" | "answer") {
    await gathered(peer.pc, GATHER_MS);
    if (peers.get(peer.visitorId) !== peer) return;
    // what the description holds now is sent; a candidate found after this goes on its own
    peer.described = true;
    peer.outgoing = [];
    send(peer.visitorId, { type, sdp: peer.pc.localDescription?.sdp ?? "" });
  }

  function close(visitorId: string, sayBye: boolean) {
    const peer = peers.get(visitorId);
    if (!peer) return;
    peers.delete(visitorId);
    if (peer.flush) clearTimeout(peer.flush);
    peer.pc.close();
    detachRemoteVoice(peer.voice);
    if (sayBye) send(visitorId, { type: "bye" });
    changed();
  }

  function createPeer(visitorId: string, initiator: boolean): Peer {
    const pc = new RTCPeerConnection({ iceServers });
    const peer: Peer = {
      visitorId,
      pc,
      initiator,
      offered: false,
      createdAt: performance.now(),
      remoteSet: false,
      described: false,
      pendingCandidates: [],
      outgoing: [],
      flush: null,
      voice: null,
      connected: false,
    };
    peers.set(visitorId, peer);
    // the offerer opens one audio transceiver; the answerer sends on the one the offer brings
    // (sendOn, after the offer is set)
    if (initiator) sendOn(pc.addTransceiver("audio", { direction: "sendrecv" }));
    pc.onicecandidate = (event) => {
      // before the description goes out, a candidate travels inside it
      if (!event.candidate || peers.get(visitorId) !== peer || !peer.described) return;
      peer.outgoing.push(event.candidate.toJSON());
      peer.flush ??= setTimeout(() => {
        peer.flush = null;
        while (peer.outgoing.length > 0 && peers.get(visitorId) === peer) {
          send(visitorId, { type: "candidates", candidates: peer.outgoing.splice(0, 20) as never });
        }
      }, CANDIDATE_BATCH_MS);
    };
    pc.ontrack = (event) => {
      mix.attach(peer, event.streams[0] ?? new MediaStream([event.track]));
    };
    pc.onconnectionstatechange = () => {
      if (peers.get(visitorId) !== peer) return;
      peer.connected = pc.connectionState === "connected";
      if (peer.connected) backoff.declines.delete(visitorId);
      if (pc.connectionState === "failed") {
        close(visitorId, true);
        recordVoiceDecline(backoff, visitorId, Date.now());
      }
      changed();
    };
    changed();
    return peer;
  }

  /** Sends the microphone on a transceiver; muted, the sender carries no track at all, so no
   * audio packets leave. */
  function sendOn(transceiver: RTCRtpTransceiver | undefined) {
    if (!transceiver) return;
    transceiver.direction = "sendrecv";
    const track = stream?.getAudioTracks()[0] ?? null;
    if (stream) transceiver.sender.setStreams?.(stream);
    void transceiver.sender.replaceTrack(muted ? null : track).catch(() => {});
  }

  /** Offers a connection; to a lower id, after the polite wait (voiceOfferDelay): if they
   * offer meanwhile, theirs takes the place kept for it and ours is never made. */
  async function offer(visitorId: string) {
    const peer = createPeer(visitorId, true);
    const wait = voiceOfferDelay(me(), visitorId);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (peers.get(visitorId) !== peer) return;
    peer.offered = true;
    try {
      await peer.pc.setLocalDescription(await peer.pc.createOffer());
      await describe(peer, "offer");
    } catch {
      close(visitorId, true);
    }
  }

  async function onSignal(from: string, signal: VoiceSignalBody) {
    if (!joined || !members.has(from)) {
      // someone not (yet) known to be in voice: they may have just joined; the VoiceState follows
      if (joined && signal.type === "offer") members.set(from, { muted: false });
      else return;
    }
    if (signal.type === "bye") {
      close(from, false);
      recordVoiceDecline(backoff, from, Date.now());
      replanSoon();
      return;
    }
    if (signal.type === "offer") {
      const existing = peers.get(from);
      // both offered at once: the lower id keeps its offer, the greater answers theirs
      if (existing?.initiator && existing.offered && !existing.remoteSet) {
        if (keepOwnVoiceOffer(me(), from)) return;
      }
      // (a place kept during the polite wait, or an older connection: theirs replaces it)
      if (existing) close(from, false);
      const decision = acceptVoiceOffer({
        from,
        wanted,
        connected: new Set(peers.keys()),
        max: VOICE_MAX_PEERS,
      });
      if (!decision.accept) {
        send(from, { type: "bye" });
        return;
      }
      if (decision.evict) close(decision.evict, true);
      const peer = createPeer(from, false);
      try {
        await peer.pc.setRemoteDescription({ type: "offer", sdp: signal.sdp });
        peer.remoteSet = true;
        sendOn(peer.pc.getTransceivers()[0]);
        for (const candidate of peer.pendingCandidates.splice(0)) {
          await peer.pc.addIceCandidate(candidate).catch(() => {});
        }
        await peer.pc.setLocalDescription(await peer.pc.createAnswer());
        await describe(peer, "answer");
      } catch {
        close(from, true);
      }
      return;
    }
    const peer = peers.get(from);
    if (!peer) return;
    if (signal.type === "answer") {
      if (!peer.initiator || peer.remoteSet) return;
      try {
        await peer.pc.setRemoteDescription({ type: "answer", sdp: signal.sdp });
        peer.remoteSet = true;
        for (const candidate of peer.pendingCandidates.splice(0)) {
          await peer.pc.addIceCandidate(candidate).catch(() => {});
        }
      } catch {
        close(from, true);
      }
      return;
    }
    for (const candidate of signal.candidates) {
      if (peer.remoteSet) await peer.pc.addIceCandidate(candidate).catch(() => {});
      else peer.pendingCandidates.push(candidate);
    }
  }

  /** After a decline, the next nearest is asked within a short jittered delay rather than at the
   * next planning round (a second later): the jitter keeps declined visitors from all turning
   * to the same next peer in the same instant. */
  let replanTimer: ReturnType<typeof setTimeout> | null = null;
  function replanSoon() {
    replanTimer ??= setTimeout(
      () => {
        replanTimer = null;
        plan();
      },
      REPLAN_MIN_MS + Math.random() * REPLAN_JITTER_MS,
    );
  }

  /** Someone joined or left (or we did): plan once the members settle (voiceMembersSettleDelay),
   * so that many joining at once are planned for together. */
  let settleTimer: ReturnType<typeof setTimeout> | null = null;
  let settleSince: number | null = null;
  function membersChanged() {
    const now = performance.now();
    settleSince ??= now;
    if (settleTimer) clearTimeout(settleTimer);
    settleTimer = setTimeout(
      () => {
        settleTimer = null;
        settleSince = null;
        plan();
      },
      voiceMembersSettleDelay(settleSince, now),
    );
  }

  function plan() {
    if (!joined) return;
    const now = Date.now();
    for (const peer of [...peers.values()]) {
      if (!peer.connected && performance.now() - peer.createdAt > CONNECT_TIMEOUT_MS) {
        close(peer.visitorId, true);
        recordVoiceDecline(backoff, peer.visitorId, now);
      }
    }
    const candidates = [...members.keys()]
      .filter((id) => id !== me())
      .map((visitorId) => ({ visitorId, position: mix.frame.positions.get(visitorId) ?? null }));
    wanted = selectVoicePeers(
      { visitorId: me(), position: mix.frame.me },
      candidates,
      new Set(peers.keys()),
      {
        declinedUntil,
        now,
      },
    );
    const next = planVoiceConnections({
      wanted,
      connected: new Set(peers.keys()),
      declinedUntil,
      now,
    });
    for (const id of next.evict) close(id, true);
    for (const id of next.offer) void offer(id);
  }

  return {
    async join(options) {
      muted = options.muted;
      stream = await openMicrophone(muted);
      mix.open(stream);
      unsubscribe.push(
        hub.subscribe("VoiceSignal", (payload) => void onSignal(payload.from, payload.signal)),
        ...followVoiceMembers(
          hub,
          members,
          (visitorId) => close(visitorId, false),
          () => {
            changed();
            if (joined) membersChanged();
          },
        ),
      );
      let result: Awaited<ReturnType<typeof joinVoiceChat>>;
      try {
        result = await joinVoiceChat(hub, muted);
      } catch (err) {
        this.leave();
        throw err;
      }
      iceServers = result.iceServers;
      for (const member of result.members) {
        members.set(member.visitorId, { muted: member.muted });
      }
      joined = true;
      planTimer = setInterval(plan, PLAN_MS);
      membersChanged();
      changed();
    },

    leave() {
      const wasJoined = joined;
      joined = false;
      if (planTimer) clearInterval(planTimer);
      planTimer = null;
      if (replanTimer) clearTimeout(replanTimer);
      replanTimer = null;
      if (settleTimer) clearTimeout(settleTimer);
      settleTimer = null;
      settleSince = null;
      for (const off of unsubscribe.splice(0)) off();
      for (const id of [...peers.keys()]) close(id, wasJoined);
      members.clear();
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
      mix.close();
      if (wasJoined) void hub.call("LeaveVoice", {});
      changed();
    },

    setMuted(next) {
      muted = next;
      const track = stream?.getAudioTracks()[0] ?? null;
      if (track) track.enabled = !muted;
      for (const peer of peers.values()) {
        for (const transceiver of peer.pc.getTransceivers()) {
          if (transceiver.direction === "sendrecv") {
            void transceiver.sender.replaceTrack(muted ? null : track).catch(() => {});
          }
        }
      }
      if (joined) void hub.call("SetVoiceState", { muted });
      changed();
    },

    ...mix.provide(members, () => muted),
  };
}
