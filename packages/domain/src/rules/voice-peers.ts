import {
  VOICE_DECLINE_BACKOFF_MAX_MS,
  VOICE_DECLINE_BACKOFF_MS,
  VOICE_MAX_PEERS,
  VOICE_PEER_HYSTERESIS_M,
} from "../realtime";

// Voice (issue 19): each visitor holds audio connections with the nearest few others of its
// instance only. The rules are pure so that the viewer and the bench's simulated clients share
// them.

export type VoicePosition = readonly [number, number, number];

export interface VoiceCandidate {
  visitorId: string;
  /** Their avatar's position (from the hub's Transforms); null while unknown. */
  position: VoicePosition | null;
}

const distance = (a: VoicePosition, b: VoicePosition) =>
  Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/**
 * The peers one wants, nearest first: at most `max`, and a current peer keeps its place until
 * a newcomer is more than `hysteresis` metres closer than it (people walking about do not make
 * connections flap). Unknown positions count as farthest; ties go by visitor id, so two
 * visitors seeing the same positions agree.
 */
export function selectVoicePeers(
  me: VoicePosition | null,
  candidates: readonly VoiceCandidate[],
  current: ReadonlySet<string>,
  options: {
    max?: number;
    hysteresis?: number;
    /** Peers that declined lately are passed over until then (unless connected): the next
     * nearest is asked at once instead of waiting out the backoff with a place empty. */
    declinedUntil?: ReadonlyMap<string, number>;
    now?: number;
  } = {},
): string[] {
  const max = options.max ?? VOICE_MAX_PEERS;
  const hysteresis = options.hysteresis ?? VOICE_PEER_HYSTERESIS_M;
  const now = options.now ?? 0;
  const available = candidates.filter(
    (candidate) =>
      current.has(candidate.visitorId) ||
      (options.declinedUntil?.get(candidate.visitorId) ?? 0) <= now,
  );
  const scored = available.map((candidate) => {
    const d =
      me && candidate.position ? distance(me, candidate.position) : Number.POSITIVE_INFINITY;
    return {
      visitorId: candidate.visitorId,
      distance: d,
      score: current.has(candidate.visitorId) ? d - hysteresis : d,
    };
  });
  scored.sort(
    (a, b) =>
      a.score - b.score ||
      a.distance - b.distance ||
      (a.visitorId < b.visitorId ? -1 : a.visitorId > b.visitorId ? 1 : 0),
  );
  return scored.slice(0, Math.max(0, max)).map((entry) => entry.visitorId);
}

/**
 * What to do with connections: offer to the wanted peers one is not connected to (unless they
 * declined lately), evicting connections nobody here wants when there is no room. A connection
 * stays while either side wants it, so the count never exceeds `max` and nothing flaps.
 */
export function planVoiceConnections(input: {
  wanted: readonly string[];
  /** Peers with a connection (established or being negotiated). */
  connected: ReadonlySet<string>;
  /** Peers that declined, with until when they are left alone. */
  declinedUntil: ReadonlyMap<string, number>;
  now: number;
  max?: number;
}): { offer: string[]; evict: string[] } {
  const max = input.max ?? VOICE_MAX_PEERS;
  const wanted = new Set(input.wanted);
  const offer = input.wanted.filter(
    (id) => !input.connected.has(id) && (input.declinedUntil.get(id) ?? 0) <= input.now,
  );
  // a peer that declined once is asked again only when there is room: evicting someone for a
  // peer that is likely to decline again would make connections flap
  const fresh = offer.filter((id) => !input.declinedUntil.has(id));
  const retries = offer.filter((id) => input.declinedUntil.has(id));
  const spare = [...input.connected].filter((id) => !wanted.has(id));
  const room = Math.max(0, max - input.connected.size);
  const evict = spare.slice(0, Math.max(0, Math.min(spare.length, fresh.length - room)));
  return { offer: [...fresh, ...retries].slice(0, room + evict.length), evict };
}

/**
 * An offer arrives from `from`: accept while there is room, or when it is a peer one wants
 * (then a connection nobody here wants makes room); otherwise decline.
 */
export function acceptVoiceOffer(input: {
  from: string;
  wanted: readonly string[];
  connected: ReadonlySet<string>;
  max?: number;
}): { accept: boolean; evict: string | null } {
  const max = input.max ?? VOICE_MAX_PEERS;
  if (input.connected.has(input.from) || input.connected.size < max) {
    return { accept: true, evict: null };
  }
  if (!input.wanted.includes(input.from)) return { accept: false, evict: null };
  const wanted = new Set(input.wanted);
  const spare = [...input.connected].find((id) => !wanted.has(id)) ?? null;
  return spare ? { accept: true, evict: spare } : { accept: false, evict: null };
}

/**
 * A peer declined (or the connection was refused or failed): it is left alone for
 * VOICE_DECLINE_BACKOFF_MS, doubling with each decline in a row up to
 * VOICE_DECLINE_BACKOFF_MAX_MS, so that a visitor whom everyone near has no room for does not ask
 * them all again every second. A connection that carries audio clears the count.
 */
export function recordVoiceDecline(
  backoff: { declines: Map<string, number>; declinedUntil: Map<string, number> },
  visitorId: string,
  now: number,
) {
  const declines = (backoff.declines.get(visitorId) ?? 0) + 1;
  backoff.declines.set(visitorId, declines);
  const wait = Math.min(
    VOICE_DECLINE_BACKOFF_MS * 2 ** (declines - 1),
    VOICE_DECLINE_BACKOFF_MAX_MS,
  );
  backoff.declinedUntil.set(visitorId, now + wait);
}
