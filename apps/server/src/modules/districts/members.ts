import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  DISTRICT_INVITATION_DAYS,
  InviteRequestSchema,
  MemberRoleRequestSchema,
  messages,
} from "@atrium/domain";
import { sql } from "drizzle-orm";
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  GoneError,
  NotFoundError,
} from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import type { Mailer } from "../../infra/mailer/mailer.js";
import type { Executor } from "../scenes/rows.js";
import {
  createAccess,
  type DistrictsDeps,
  districtOrigin,
  parseBody,
  toInvitation,
  toMember,
} from "./common.js";
import type { InvitationRow } from "./repo.js";

// A district's members: the list, roles and removal (the owner's), and invitations by e-mail
// link (spec 1 §4: an invitation_code query parameter triggers acceptance after sign-in).

export interface MembersServiceDeps extends DistrictsDeps {
  mailer: Mailer;
  /** The e-mail address of an account (an invitation by id is accepted by its addressee). */
  emailOf: (userId: string) => Promise<string | null>;
}

/** The link's code is 32 random bytes; only its SHA-256 is stored. */
export const hashInvitationCode = (code: string) =>
  createHash("sha256").update(code, "utf8").digest("hex");

const gone = (message: string) => new GoneError(message);

export function createMembersService(deps: MembersServiceDeps) {
  const { repo } = deps;
  const access = createAccess(repo);
  const now = deps.now ?? (() => new Date());
  const byId = (id: string) => sql`d.id = ${id}`;

  /** Refuses a used or expired invitation; otherwise makes the user a member, in `tx`. */
  async function acceptIn(tx: Executor, invitation: InvitationRow, userId: string) {
    const at = now();
    if (invitation.used_at) throw gone(messages.district.invitationUsed);
    if (new Date(invitation.expires_at) <= at) throw gone(messages.district.invitationExpired);
    const role = await repo.roleOf(invitation.district_id, userId, tx);
    if (role !== null) throw new ConflictError(messages.district.alreadyMember);
    await repo.addMember(tx, invitation.district_id, userId, invitation.role);
    await repo.markInvitationUsed(tx, invitation.id, userId, at);
    return {
      districtId: invitation.district_id,
      subdomain: invitation.subdomain,
      role: invitation.role,
    };
  }

  return {
    /** Members of a district, for anyone who may enter it. */
    async members(auth: AuthContext | null, districtId: string) {
      await access.enter(auth, byId(districtId));
      return (await repo.members(districtId)).map(toMember);
    },

    async member(auth: AuthContext | null, districtId: string, userId: string) {
      await access.enter(auth, byId(districtId));
      const [row] = await repo.members(districtId, userId);
      if (!row) throw new NotFoundError(messages.district.notMember);
      return toMember(row);
    },

    /** The owner makes a member a Creator or a Guest; the owner's own role is fixed. */
    async setRole(auth: AuthContext | null, districtId: string, userId: string, input: unknown) {
      await access.manage(auth, byId(districtId));
      const { role } = parseBody(MemberRoleRequestSchema, input);
      const current = await repo.roleOf(districtId, userId);
      if (current === null) throw new NotFoundError(messages.district.notMember);
      if (current === "Owner") throw new ForbiddenError(messages.district.ownerRoleFixed);
      await repo.setRole(districtId, userId, role);
      // a guest creates nothing: the slots they held go back to the owner
      if (role === "Guest") await repo.returnSlots(districtId, userId);
      const [row] = await repo.members(districtId, userId);
      return toMember(row as NonNullable<typeof row>);
    },

    /** The owner removes a member; a member may also leave. The owner stays. */
    async remove(auth: AuthContext | null, districtId: string, userId: string) {
      const me = assertSignedIn(auth);
      if (me.userId !== userId) await access.manage(me, byId(districtId));
      else await access.enter(me, byId(districtId));
      const current = await repo.roleOf(districtId, userId);
      if (current === null) throw new NotFoundError(messages.district.notMember);
      if (current === "Owner") throw new ForbiddenError(messages.district.ownerRoleFixed);
      await repo.returnSlots(districtId, userId);
      await repo.removeMember(districtId, userId);
      return { districtId, userId, removed: true as const };
    },

    /** The owner invites by e-mail: the link carries a one-time code, valid for 14 days. */
    async invite(auth: AuthContext | null, districtId: string, input: unknown) {
      const { me, district } = await access.manage(auth, byId(districtId));
      const body = parseBody(InviteRequestSchema, input);
      const code = randomBytes(32).toString("base64url");
      const id = randomUUID();
      const at = now();
      await repo.insertInvitation({
        id,
        districtId,
        inviterId: me.userId,
        email: body.email,
        role: body.role,
        codeHash: hashInvitationCode(code),
        expiresAt: new Date(at.getTime() + DISTRICT_INVITATION_DAYS * 24 * 3600 * 1000),
      });
      const invitationUrl = `${districtOrigin(deps.publicUrl, district.subdomain)}/?invitation_code=${code}`;
      await deps.mailer.send({
        kind: "district-invitation",
        to: body.email,
        subject: `You are invited to ${district.title}`,
        text: `You are invited to join the District ${district.title} as ${body.role}.\n\nOpen this link and sign in to accept: ${invitationUrl}\n\nThe link works once, for ${DISTRICT_INVITATION_DAYS} days.`,
      });
      const row = await repo.invitation(sql`i.id = ${id}`);
      return { ...toInvitation(row as InvitationRow, now()), invitationUrl };
    },

    /** The owner's invitations section (members/invitations). */
    async invitations(auth: AuthContext | null, districtId: string) {
      await access.manage(auth, byId(districtId));
      const at = now();
      return (await repo.invitations(sql`i.district_id = ${districtId}`)).map((row) =>
        toInvitation(row, at),
      );
    },

    /**
     * The owner revokes an invitation not used yet: its link then answers 'This invitation
     * link is not valid'. A used one is history (its member is removed instead): 409.
     */
    async revokeInvitation(auth: AuthContext | null, districtId: string, invitationId: string) {
      await access.manage(auth, byId(districtId));
      const invitation = await repo.invitation(
        sql`i.id = ${invitationId} AND i.district_id = ${districtId}`,
      );
      if (!invitation) throw new NotFoundError();
      if (invitation.used_at) throw new ConflictError(messages.district.invitationUsed);
      if (!(await repo.deleteOpenInvitation(districtId, invitationId)))
        throw new ConflictError(messages.district.invitationUsed);
      return { invitationId, revoked: true as const };
    },

    /** Invitations addressed to the signed-in user's e-mail, still open. */
    async myInvitations(auth: AuthContext | null) {
      const me = assertSignedIn(auth);
      const email = await deps.emailOf(me.userId);
      if (!email) return [];
      const at = now();
      return (
        await repo.invitations(
          sql`lower(i.email) = lower(${email}) AND i.used_at IS NULL AND i.expires_at > ${at.toISOString()}`,
        )
      ).map((row) => toInvitation(row, at));
    },

    /**
     * The link's code (invitation_code): a forged code is 400, a used or expired one 410, and
     * nothing is granted. The row is locked so one code makes one member.
     */
    async acceptCode(auth: AuthContext | null, code: string) {
      const me = assertSignedIn(auth);
      const invalid = () =>
        new BadRequestError(messages.district.invitationInvalid, [
          { path: "params.invitationCode", message: messages.district.invitationInvalid },
        ]);
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(code)) throw invalid();
      return repo.db.transaction(async (tx) => {
        const invitation = await repo.invitation(
          sql`i.code_hash = ${hashInvitationCode(code)}`,
          tx,
          true,
        );
        if (!invitation) throw invalid();
        return acceptIn(tx, invitation, me.userId);
      });
    },

    /** An invitation from the user's own list, by id: only its addressee may accept it. */
    async acceptById(auth: AuthContext | null, invitationId: string) {
      const me = assertSignedIn(auth);
      const email = await deps.emailOf(me.userId);
      return repo.db.transaction(async (tx) => {
        const invitation = await repo.invitation(sql`i.id = ${invitationId}`, tx, true);
        if (!invitation) throw new NotFoundError();
        if (!email || email.toLowerCase() !== invitation.email.toLowerCase())
          throw new ForbiddenError(messages.district.invitationOtherEmail);
        return acceptIn(tx, invitation, me.userId);
      });
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
