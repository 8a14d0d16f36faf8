import {
  VOICE_DECLINE_BACKOFF_MAX_MS,
  VOICE_DECLINE_BACKOFF_MS,
  VOICE_MAX_PEERS,
  VOICE_MEMBERS_SETTLE_MAX_MS,
  VOICE_MEMBERS_SETTLE_MS,
  VOICE_PEER_HYSTERESIS_M,
  VOICE_POLITE_WAIT_MS,
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
 * The peers one wants, nearest first, at most `max`, chosen so that both sides of each pair
 * agree without asking: every visitor of the instance sees the same positions, so each one
 * matches the whole instance the same way (pairs by distance, nearest first, a pair taken while
 * both sides have fewer than `max`) and keeps its own pairs. Asking only for those, nearly every
 * offer finds a place kept for it (a visitor everybody's nearest six would include is not
 * offered twenty connections it must decline, each a round trip and a new plan).
 *
 * One's current peers keep their place until a newcomer is more than `hysteresis` metres
 * closer (people walking about do not make connections flap); peers that declined lately are
 * passed over until then (unless connected). Unknown positions count as farthest; ties go by
 * visitor id, so two visitors seeing the same positions agree.
 */
export function selectVoicePeers(
  me: { visitorId: string; position: VoicePosition | null },
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
  const others = candidates.filter((candidate) => candidate.visitorId !== me.visitorId);
  const everyone = [me, ...others];
  const passedOver = (id: string) =>
    !current.has(id) && (options.declinedUntil?.get(id) ?? 0) > now;
  const pairs: { a: string; b: string; distance: number; score: number; key: string }[] = [];
  for (let i = 0; i < everyone.length; i++) {
    for (let j = i + 1; j < everyone.length; j++) {
      const one = everyone[i] as VoiceCandidate;
      const two = everyone[j] as VoiceCandidate;
      const mine = i === 0;
      if (mine && passedOver(two.visitorId)) continue;
      const d =
        one.position && two.position
          ? distance(one.position, two.position)
          : Number.POSITIVE_INFINITY;
      const [a, b] =
        one.visitorId < two.visitorId
          ? [one.visitorId, two.visitorId]
          : [two.visitorId, one.visitorId];
      pairs.push({
        a,
        b,
        distance: d,
        score: mine && current.has(two.visitorId) ? d - hysteresis : d,
        key: `${a}\n${b}`,
      });
    }
  }
  pairs.sort(
    (x, y) =>
      x.score - y.score || x.distance - y.distance || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0),
  );
  const degree = new Map<string, number>();
  const mine: string[] = [];
  for (const pair of pairs) {
    const da = degree.get(pair.a) ?? 0;
    const db = degree.get(pair.b) ?? 0;
    if (da >= max || db >= max) continue;
    degree.set(pair.a, da + 1);
    degree.set(pair.b, db + 1);
    if (pair.a === me.visitorId) mine.push(pair.b);
    else if (pair.b === me.visitorId) mine.push(pair.a);
    if (mine.length >= max) break;
  }
  return mine;
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

/**
 * Offer collisions (both sides offer at once, "glare") are resolved by id: the lower id is the
 * impolite side and keeps its offer; the greater id is polite and answers theirs. To make
 * collisions rare rather than merely resolved, the polite side waits a moment before offering
 * to a lower id (the lower id may well be offering to it already). Milliseconds to wait.
 */
export function voiceOfferDelay(me: string, to: string, wait = VOICE_POLITE_WAIT_MS) {
  return me > to ? wait : 0;
}

/** Whether an offer from `from` that crosses one's own unanswered offer is ignored (one keeps
 * one's own: one is the lower id), or one's own is dropped and theirs answered. */
export function keepOwnVoiceOffer(me: string, from: string) {
  return me < from;
}

/** The members of the voice chat changed at `now` (milliseconds), the first of a run of changes
 * at `since`: plan after this many milliseconds (VOICE_MEMBERS_SETTLE_MS after the last
 * change, at most VOICE_MEMBERS_SETTLE_MAX_MS after the first). */
export function voiceMembersSettleDelay(since: number, now: number) {
  return Math.max(0, Math.min(VOICE_MEMBERS_SETTLE_MS, since + VOICE_MEMBERS_SETTLE_MAX_MS - now));
}
