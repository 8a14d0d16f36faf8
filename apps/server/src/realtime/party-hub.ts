import {
  followersOf,
  type LiveUserHubServerEvents,
  PARTY_FOLLOW_COUNTDOWN_MS,
  PARTY_SEAT_HOLD_MS,
  type PartyPerson,
  planTravel,
} from "@atrium/domain";
import type { Logger } from "pino";
import type { Namespace } from "socket.io";
import type { PartyService } from "../modules/communication/party-service.js";
import type { HubIdentity } from "./hub-token.js";
import type { PartySeats, Placement } from "./presence.js";

const personRoom = (userId: string) => `user:${userId}`;

/** A party leader's arrival in a space: the seats to hold and who to tell afterwards. */
export interface PartyTrip {
  partyId: string;
  leader: PartyPerson;
  seats: PartySeats;
  whereabouts: Map<string, string[]>;
}

/** What liveuserhub asks of the parties (issue 19). */
export interface PartyHooks {
  /** Before a signed-in visitor is placed: when they lead a party, the seats to hold. */
  plan(identity: HubIdentity, sceneId: string): Promise<PartyTrip | null>;
  /** After the leader is placed: the members elsewhere are told to follow (PartyTravel). */
  entered(trip: PartyTrip, placement: Placement): Promise<void>;
  /** A connection of this user came or went: their party's online states changed. */
  presenceChanged(userId: string): void;
}

/**
 * Parties on liveuserhub: members hear of changes, chat messages, invitations and their leader's
 * trips in their `user:` rooms, on whichever app instance holds their connections (the Redis
 * adapter). Who is online, and where, is read from the connections themselves (`fetchSockets`
 * across app instances: each connection's `data.placement` is its scene instance).
 */
export function attachPartyHub(
  nsp: Namespace,
  deps: {
    parties: PartyService;
    sceneTitle: (sceneId: string) => Promise<string>;
    logger: Logger;
    now?: () => number;
  },
): PartyHooks {
  const { parties, logger } = deps;
  const now = deps.now ?? (() => Date.now());
  function emit<K extends keyof LiveUserHubServerEvents>(
    userIds: string[],
    event: K,
    payload: LiveUserHubServerEvents[K],
  ) {
    if (userIds.length > 0) nsp.to(userIds.map(personRoom)).emit(event, payload);
  }

  /** Which instances each of these users is in now (an online user in none: []). */
  async function whereabouts(userIds: string[]) {
    const out = new Map<string, string[]>();
    if (userIds.length === 0) return out;
    for (const socket of await nsp.in(userIds.map(personRoom)).fetchSockets()) {
      const identity = socket.data.identity as HubIdentity | undefined;
      if (!identity || identity.guest) continue;
      const placement = socket.data.placement as Placement | null | undefined;
      const list = out.get(identity.userId) ?? [];
      if (placement) list.push(placement.instanceId);
      out.set(identity.userId, list);
    }
    return out;
  }

  parties.setPublisher({
    changed: (userIds, partyId) => emit(userIds, "PartyChanged", { partyId }),
    message: (userIds, message) => emit(userIds, "PartyMessage", message),
    invited: (userId, invitation) => emit([userId], "PartyInvited", { invitation }),
    async online(userIds) {
      return new Set((await whereabouts(userIds)).keys());
    },
  });

  return {
    async plan(identity, sceneId) {
      const userId = identity.userId;
      const party = await parties.partyOf(userId);
      if (!party || party.leader_id !== userId || party.members.length < 2) return null;
      const others = party.members.map((m) => m.userId).filter((id) => id !== userId);
      const where = await whereabouts(others);
      if (where.size === 0) return null;
      const { prefer, seatsFor } = planTravel({ leaderId: userId, sceneId, whereabouts: where });
      return {
        partyId: party.id,
        leader: { userId, name: identity.name, profilePicture: identity.profilePicture },
        seats: { prefer, seatsFor, seatUntil: now() + PARTY_SEAT_HOLD_MS },
        whereabouts: where,
      };
    },

    async entered(trip, placement) {
      const followers = followersOf({
        leaderId: trip.leader.userId,
        instanceId: placement.instanceId,
        whereabouts: trip.whereabouts,
      });
      if (followers.length === 0) return;
      emit(followers, "PartyTravel", {
        partyId: trip.partyId,
        leader: trip.leader,
        sceneId: placement.sceneId,
        instanceId: placement.instanceId,
        sceneTitle: await deps.sceneTitle(placement.sceneId),
        countdownMs: PARTY_FOLLOW_COUNTDOWN_MS,
        seatUntil: new Date(trip.seats.seatUntil).toISOString(),
      });
    },

    presenceChanged(userId) {
      void parties
        .partyOf(userId)
        .then((party) => {
          if (party) {
            emit(
              party.members.map((m) => m.userId),
              "PartyChanged",
              { partyId: party.id },
            );
          }
        })
        .catch((err) => logger.warn({ err }, "telling a party of a connection failed"));
    },
  };
}
