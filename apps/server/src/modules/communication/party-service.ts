import { randomUUID } from "node:crypto";
import {
  answerProblem,
  invitationStatus,
  nextLeader,
  PARTY_INVITATION_TTL_MS,
  type Party,
  type PartyInvitation,
  type PartyMessage,
  type PartyPerson,
  partyInviteProblem,
  partyMessages,
} from "@atrium/domain";
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import { fileUrl } from "../files/service.js";
import type { NotificationsService } from "../notifications/service.js";
import type { createUsersRepo } from "../users/repo.js";
import type { PartyInvitationRow, PartyMessageRow, PartyRepo, PartyRow } from "./party-repo.js";
import type { RelationsService } from "./relations.js";

/** Where parties are told to their members (liveuserhub, every app instance), set once it exists. */
export interface PartyPublisher {
  /** The party changed: its members read it again. */
  changed(userIds: string[], partyId: string): void;
  message(userIds: string[], message: PartyMessage): void;
  invited(userId: string, invitation: PartyInvitation): void;
  /** Which of these users are in a space now. */
  online(userIds: string[]): Promise<Set<string>>;
}

/**
 * Parties (issue 19): a leader and members (one party per user), invitations, a party chat.
 * Any member invites; a party holds at most PARTY_MAX_MEMBERS members and pending invitations.
 * The leader leaving hands the lead to the member who joined first; the last one leaving (or
 * the leader disbanding) ends the party. An invitation to someone who blocked the inviter is
 * answered as any other but never delivered.
 */
export function createPartyService(deps: {
  repo: PartyRepo;
  users: ReturnType<typeof createUsersRepo>;
  relations: RelationsService;
  notifications?: Pick<NotificationsService, "partyInvitation" | "partyInvitationAnswered">;
  /** Whether the caller may see this space (the invitation's link names it only then). */
  sceneVisible?: (auth: AuthContext, sceneId: string) => Promise<boolean>;
  now?: () => number;
}) {
  const { repo, users, relations } = deps;
  const now = deps.now ?? (() => Date.now());
  let publisher: PartyPublisher | null = null;

  async function people(ids: string[]): Promise<Map<string, PartyPerson>> {
    const rows = await users.findMany([...new Set(ids)]);
    return new Map(
      rows.map((user) => [
        user.id,
        {
          userId: user.id,
          name: user.name,
          profilePicture: user.profilePictureFileId ? fileUrl(user.profilePictureFileId) : null,
        },
      ]),
    );
  }
  const personOf = (known: Map<string, PartyPerson>, id: string): PartyPerson =>
    known.get(id) ?? { userId: id, name: "", profilePicture: null };

  function toInvitation(row: PartyInvitationRow, known: Map<string, PartyPerson>): PartyInvitation {
    return {
      invitationId: row.id,
      partyId: row.party_id,
      inviter: personOf(known, row.inviter_id),
      invitee: personOf(known, row.invitee_id),
      status: invitationStatus(row.status, row.created_at, now()),
      sceneId: row.scene_id,
      createdAt: new Date(row.created_at).toISOString(),
      expiresAt: new Date(Date.parse(row.created_at) + PARTY_INVITATION_TTL_MS).toISOString(),
    };
  }

  async function invitations(rows: PartyInvitationRow[]) {
    const known = await people(rows.flatMap((row) => [row.inviter_id, row.invitee_id]));
    return rows.map((row) => toInvitation(row, known));
  }

  async function toParty(row: PartyRow): Promise<Party> {
    const ids = row.members.map((member) => member.userId);
    const pending = (await invitations(await repo.pendingOf(row.id))).filter(
      (invitation) => invitation.status === "pending",
    );
    const [known, online] = await Promise.all([
      people(ids),
      publisher ? publisher.online(ids) : Promise.resolve(new Set<string>()),
    ]);
    const members = row.members.map((member) => ({
      ...personOf(known, member.userId),
      leader: member.userId === row.leader_id,
      online: online.has(member.userId),
      joinedAt: new Date(member.joinedAt).toISOString(),
    }));
    return {
      partyId: row.id,
      leaderId: row.leader_id,
      createdAt: new Date(row.created_at).toISOString(),
      members: [...members.filter((m) => m.leader), ...members.filter((m) => !m.leader)],
      invited: pending,
    };
  }

  function shapeOf(row: PartyRow, pending: PartyInvitationRow[]) {
    return {
      leaderId: row.leader_id,
      members: row.members,
      pendingInviteeIds: pending
        .filter((inv) => invitationStatus(inv.status, inv.created_at, now()) === "pending")
        .map((inv) => inv.invitee_id),
    };
  }

  async function memberParty(auth: AuthContext | null, partyId: string) {
    const me = assertSignedIn(auth);
    const row = await repo.party(partyId);
    if (!row) throw new NotFoundError();
    if (!row.members.some((member) => member.userId === me.userId)) {
      throw new ForbiddenError(partyMessages.notMember);
    }
    return { me, row };
  }

  const memberIds = (row: PartyRow) => row.members.map((member) => member.userId);
  const tellChanged = (userIds: string[], partyId: string) =>
    publisher?.changed([...new Set(userIds)], partyId);

  /** Takes `userId` out of `row`, handing over the lead or ending the party. */
  async function leaveParty(row: PartyRow, userId: string) {
    const newLeader = row.leader_id === userId ? nextLeader(row, userId) : row.leader_id;
    await repo.removeMember(row.id, userId, newLeader);
    tellChanged(memberIds(row), row.id);
  }

  async function createFor(userId: string) {
    const id = randomUUID();
    try {
      await repo.create(id, userId);
    } catch (err) {
      // party_members.user_id is unique: one party per user
      if (await repo.partyOf(userId)) throw new ConflictError(partyMessages.alreadyInParty);
      throw err;
    }
    const row = await repo.party(id);
    if (!row) throw new NotFoundError();
    return row;
  }

  return {
    setPublisher(next: PartyPublisher) {
      publisher = next;
    },

    /** The party of a user, for the hub's travel rules. */
    partyOf: (userId: string) => repo.partyOf(userId),

    async create(auth: AuthContext | null) {
      const me = assertSignedIn(auth);
      if (await repo.partyOf(me.userId)) throw new ConflictError(partyMessages.alreadyInParty);
      return toParty(await createFor(me.userId));
    },

    /** My parties: none or one. */
    async mine(auth: AuthContext | null) {
      const me = assertSignedIn(auth);
      const row = await repo.partyOf(me.userId);
      return row ? [await toParty(row)] : [];
    },

    async get(auth: AuthContext | null, partyId: string) {
      return toParty((await memberParty(auth, partyId)).row);
    },

    async leave(auth: AuthContext | null, partyId: string) {
      const { me, row } = await memberParty(auth, partyId);
      await leaveParty(row, me.userId);
    },

    /** The leader ends the party for everyone. */
    async disband(auth: AuthContext | null, partyId: string) {
      const { me, row } = await memberParty(auth, partyId);
      if (row.leader_id !== me.userId) throw new ForbiddenError(partyMessages.notLeader);
      await repo.disband(partyId);
      tellChanged(memberIds(row), row.id);
    },

    async messages(auth: AuthContext | null, partyId: string, page: { cp: number; ipp: number }) {
      const { me } = await memberParty(auth, partyId);
      const rows = await repo.messages(partyId, page.cp * page.ipp, page.ipp);
      const hidden = new Set(
        await relations.blockedAmong(me.userId, [...new Set(rows.map((row) => row.sender_id))]),
      );
      return toMessages(rows.filter((row) => !hidden.has(row.sender_id)));
    },

    async send(auth: AuthContext | null, partyId: string, text: string) {
      const { me, row } = await memberParty(auth, partyId);
      const stored = await repo.addMessage(randomUUID(), partyId, me.userId, text);
      const [message] = await toMessages([stored]);
      if (!message) throw new NotFoundError();
      // a member who blocked the sender (or whom the sender blocked) does not receive it
      const others = memberIds(row).filter((id) => id !== me.userId);
      const blocked = new Set(await relations.blockedAmong(me.userId, others));
      publisher?.message(
        memberIds(row).filter((id) => !blocked.has(id)),
        message,
      );
      return message;
    },

    /**
     * Invites a user into the caller's party (made now when the caller has none: the visitor
     * menu's Invite is one click). Someone who blocked the caller gets nothing, and the caller
     * cannot tell: the answer is the same.
     */
    async invite(auth: AuthContext | null, input: { userId: string; sceneId?: string }) {
      const me = assertSignedIn(auth);
      if (input.userId === me.userId) {
        throw new BadRequestError(partyMessages.self, [
          { path: "body.userId", message: "must name someone other than you" },
        ]);
      }
      if (!(await users.findById(input.userId))) {
        throw new BadRequestError("Unknown user", [
          { path: "body.userId", message: "no such user" },
        ]);
      }
      const relation = await relations.relation(auth, input.userId);
      if (relation.blocked) throw new ForbiddenError(partyMessages.blockedByYou);
      const row = (await repo.partyOf(me.userId)) ?? (await createFor(me.userId));
      const problem = partyInviteProblem(
        shapeOf(row, await repo.pendingOf(row.id)),
        me.userId,
        input.userId,
      );
      if (problem === partyMessages.full) throw new ConflictError(problem);
      if (problem) {
        throw new BadRequestError(problem, [{ path: "body.userId", message: problem }]);
      }
      // the link names a space both may see
      const sceneId =
        input.sceneId &&
        (await deps.sceneVisible?.(me, input.sceneId)) &&
        (await deps.sceneVisible?.({ ...me, userId: input.userId, isAdmin: false }, input.sceneId))
          ? input.sceneId
          : null;
      const id = randomUUID();
      const delivered = !relation.blockedMe;
      try {
        await repo.invite({
          id,
          party_id: row.id,
          inviter_id: me.userId,
          invitee_id: input.userId,
          scene_id: sceneId,
          delivered,
        });
      } catch (err) {
        // two invitations at once: the unique pending index keeps one
        if ((await repo.pendingOf(row.id)).some((inv) => inv.invitee_id === input.userId)) {
          throw new BadRequestError(partyMessages.alreadyInvited, [
            { path: "body.userId", message: partyMessages.alreadyInvited },
          ]);
        }
        throw err;
      }
      const stored = await repo.invitation(id);
      if (!stored) throw new NotFoundError();
      const [invitation] = await invitations([stored]);
      if (!invitation) throw new NotFoundError();
      tellChanged(memberIds(row), row.id);
      if (delivered) {
        publisher?.invited(input.userId, invitation);
        await deps.notifications?.partyInvitation(me.userId, input.userId, sceneId);
      }
      return invitation;
    },

    /** The invitations I received and may still answer. */
    async received(auth: AuthContext | null) {
      const me = assertSignedIn(auth);
      return (await invitations(await repo.received(me.userId))).filter(
        (invitation) => invitation.status === "pending",
      );
    },

    /** One invitation, for its inviter or (once delivered) its invitee. */
    async invitation(auth: AuthContext | null, id: string) {
      const me = assertSignedIn(auth);
      const row = await repo.invitation(id);
      const mine =
        row && (row.inviter_id === me.userId || (row.invitee_id === me.userId && row.delivered));
      if (!row || !mine) throw new NotFoundError();
      const [invitation] = await invitations([row]);
      if (!invitation) throw new NotFoundError();
      return invitation;
    },

    /** The invitee joins the party (leaving the one they were in). */
    async accept(auth: AuthContext | null, id: string) {
      const me = assertSignedIn(auth);
      const row = await repo.invitation(id);
      if (!row || row.invitee_id !== me.userId || !row.delivered) throw new NotFoundError();
      const problem = answerProblem(invitationStatus(row.status, row.created_at, now()));
      if (problem) throw new ConflictError(problem);
      const party = await repo.party(row.party_id);
      if (!party) throw new NotFoundError();
      const current = await repo.partyOf(me.userId);
      const previous =
        current && current.id !== party.id
          ? {
              partyId: current.id,
              newLeader:
                current.leader_id === me.userId
                  ? nextLeader(current, me.userId)
                  : current.leader_id,
            }
          : null;
      if (current?.id === party.id) {
        await repo.answer(id, "accepted");
      } else if (!(await repo.accept(row, previous))) {
        throw new ConflictError(partyMessages.answered);
      }
      if (current && previous) tellChanged(memberIds(current), current.id);
      await deps.notifications?.partyInvitationAnswered(me.userId, row.inviter_id);
      const joined = await repo.party(party.id);
      if (!joined) throw new NotFoundError();
      tellChanged(memberIds(joined), joined.id);
      return toParty(joined);
    },

    async decline(auth: AuthContext | null, id: string) {
      const me = assertSignedIn(auth);
      const row = await repo.invitation(id);
      if (!row || row.invitee_id !== me.userId || !row.delivered) throw new NotFoundError();
      const problem = answerProblem(invitationStatus(row.status, row.created_at, now()));
      if (problem) throw new ConflictError(problem);
      if (!(await repo.answer(id, "declined"))) throw new ConflictError(partyMessages.answered);
      await deps.notifications?.partyInvitationAnswered(me.userId, row.inviter_id);
      const party = await repo.party(row.party_id);
      if (party) tellChanged(memberIds(party), party.id);
    },
  };

  async function toMessages(rows: PartyMessageRow[]): Promise<PartyMessage[]> {
    const known = await people(rows.map((row) => row.sender_id));
    return rows.map((row) => ({
      id: row.id,
      partyId: row.party_id,
      text: row.text,
      time: new Date(row.created_at).toISOString(),
      user: personOf(known, row.sender_id),
    }));
  }
}

export type PartyService = ReturnType<typeof createPartyService>;
