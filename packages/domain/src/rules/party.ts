import { PARTY_INVITATION_TTL_MS, PARTY_MAX_MEMBERS, partyMessages } from "../parties";

// The party rules (issue 19), shared by the server's party service and its tests.

export interface PartyShape {
  leaderId: string;
  /** Members with when they joined. */
  members: { userId: string; joinedAt: string }[];
  /** Invitees of pending, unexpired invitations. */
  pendingInviteeIds: string[];
}

/** Why `inviterId` may not invite `inviteeId` into this party (null: they may). Any member
 * invites; a party holds at most PARTY_MAX_MEMBERS members and pending invitations together,
 * so that it always fits in one scene instance. */
export function partyInviteProblem(
  party: PartyShape,
  inviterId: string,
  inviteeId: string,
): string | null {
  if (inviterId === inviteeId) return partyMessages.self;
  if (!party.members.some((member) => member.userId === inviterId)) return partyMessages.notMember;
  if (party.members.some((member) => member.userId === inviteeId)) {
    return partyMessages.alreadyMember;
  }
  if (party.pendingInviteeIds.includes(inviteeId)) return partyMessages.alreadyInvited;
  if (party.members.length + party.pendingInviteeIds.length >= PARTY_MAX_MEMBERS) {
    return partyMessages.full;
  }
  return null;
}

/** When the leader leaves, the member who joined first (then by id) leads; nobody left: the
 * party ends (null). */
export function nextLeader(party: Pick<PartyShape, "members">, leavingId: string): string | null {
  const rest = party.members
    .filter((member) => member.userId !== leavingId)
    .sort(
      (a, b) => Date.parse(a.joinedAt) - Date.parse(b.joinedAt) || (a.userId < b.userId ? -1 : 1),
    );
  return rest[0]?.userId ?? null;
}

export type InvitationStatus = "pending" | "accepted" | "declined" | "expired";

/** A pending invitation past its time counts as expired. */
export function invitationStatus(
  stored: "pending" | "accepted" | "declined",
  createdAt: string,
  now: number,
): InvitationStatus {
  if (stored !== "pending") return stored;
  return now - Date.parse(createdAt) >= PARTY_INVITATION_TTL_MS ? "expired" : "pending";
}

/** Why an invitation may not be answered now (null: it may). */
export function answerProblem(status: InvitationStatus): string | null {
  if (status === "expired") return partyMessages.expired;
  if (status !== "pending") return partyMessages.answered;
  return null;
}

/**
 * Travelling together: the leader enters a scene. `whereabouts` says which instances each
 * online member is in now. Answers the instance to prefer for the leader (the one of this scene
 * where most members already are, so a leader coming back does not pull everyone elsewhere) and
 * who needs a held seat (online members other than the leader not in that instance).
 */
export function planTravel(input: {
  leaderId: string;
  sceneId: string;
  whereabouts: Map<string, string[]>;
}): { prefer: string | null; seatsFor: string[] } {
  const counts = new Map<string, number>();
  for (const [userId, instances] of input.whereabouts) {
    if (userId === input.leaderId) continue;
    for (const instanceId of new Set(instances)) {
      if (instanceId.startsWith(`${input.sceneId}.`)) {
        counts.set(instanceId, (counts.get(instanceId) ?? 0) + 1);
      }
    }
  }
  let prefer: string | null = null;
  for (const [instanceId, count] of [...counts].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (prefer === null || count > (counts.get(prefer) ?? 0)) prefer = instanceId;
  }
  const seatsFor = [...input.whereabouts.keys()].filter(
    (userId) =>
      userId !== input.leaderId &&
      !(prefer && (input.whereabouts.get(userId) ?? []).includes(prefer)),
  );
  return { prefer, seatsFor };
}

/** Once the leader is placed: the online members to tell to follow (not there already). */
export function followersOf(input: {
  leaderId: string;
  instanceId: string;
  whereabouts: Map<string, string[]>;
}): string[] {
  return [...input.whereabouts].flatMap(([userId, instances]) =>
    userId !== input.leaderId && !instances.includes(input.instanceId) ? [userId] : [],
  );
}
