import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { type Executor, query } from "../scenes/rows.js";

export interface PartyRow {
  id: string;
  leader_id: string;
  created_at: string;
  members: { userId: string; joinedAt: string }[];
}
export interface PartyInvitationRow {
  id: string;
  party_id: string;
  inviter_id: string;
  invitee_id: string;
  scene_id: string | null;
  status: "pending" | "accepted" | "declined";
  delivered: boolean;
  created_at: string;
}
export interface PartyMessageRow {
  id: string;
  party_id: string;
  sender_id: string;
  text: string;
  created_at: string;
}

// timestamps as ISO 8601 text: both drivers answer the same
const iso = (column: ReturnType<typeof sql>) => sql`to_json(${column}) #>> '{}'`;
const PARTY_COLUMNS = sql`p.id, p.leader_id, ${iso(sql`p.created_at`)} AS created_at,
  COALESCE((SELECT json_agg(json_build_object('userId', m.user_id, 'joinedAt', ${iso(sql`m.joined_at`)})
                            ORDER BY m.joined_at, m.user_id)
            FROM party_members m WHERE m.party_id = p.id), '[]'::json) AS members`;
const INVITATION_COLUMNS = sql`i.id, i.party_id, i.inviter_id, i.invitee_id, i.scene_id, i.status,
  i.delivered, ${iso(sql`i.created_at`)} AS created_at`;
const MESSAGE_COLUMNS = sql`id, party_id, sender_id, text, ${iso(sql`created_at`)} AS created_at`;

const parsed = (row: PartyRow | undefined): PartyRow | undefined =>
  row && {
    ...row,
    members: typeof row.members === "string" ? JSON.parse(row.members) : row.members,
  };

export function createPartyRepo(db: Database) {
  const partyById = async (tx: Executor, id: string) =>
    parsed(
      (
        await query<PartyRow>(tx, sql`SELECT ${PARTY_COLUMNS} FROM parties p WHERE p.id = ${id}`)
      )[0],
    );

  return {
    party: (id: string) => partyById(db, id),
    async partyOf(userId: string): Promise<PartyRow | undefined> {
      const [row] = await query<PartyRow>(
        db,
        sql`SELECT ${PARTY_COLUMNS} FROM parties p
            JOIN party_members me ON me.party_id = p.id AND me.user_id = ${userId}`,
      );
      return parsed(row);
    },
    async create(id: string, leaderId: string) {
      await db.transaction(async (tx) => {
        await query(tx, sql`INSERT INTO parties (id, leader_id) VALUES (${id}, ${leaderId})`);
        await query(
          tx,
          sql`INSERT INTO party_members (party_id, user_id) VALUES (${id}, ${leaderId})`,
        );
      });
    },
    /**
     * Takes a member out of a party: a new leader when it was the leader, the party deleted
     * when nobody is left (its invitations and chat go with it). Answers whether the party ended.
     */
    async removeMember(
      partyId: string,
      userId: string,
      newLeader: string | null,
      tx: Executor = db,
    ) {
      await query(
        tx,
        sql`DELETE FROM party_members WHERE party_id = ${partyId} AND user_id = ${userId}`,
      );
      if (newLeader === null) {
        await query(tx, sql`DELETE FROM parties WHERE id = ${partyId}`);
        return true;
      }
      await query(tx, sql`UPDATE parties SET leader_id = ${newLeader} WHERE id = ${partyId}`);
      return false;
    },
    async disband(partyId: string) {
      await query(db, sql`DELETE FROM parties WHERE id = ${partyId}`);
    },
    /** Pending invitations of a party (delivered or not: the inviters see them all). */
    async pendingOf(partyId: string): Promise<PartyInvitationRow[]> {
      return query<PartyInvitationRow>(
        db,
        sql`SELECT ${INVITATION_COLUMNS} FROM party_invitations i
            WHERE i.party_id = ${partyId} AND i.status = 'pending' ORDER BY i.created_at, i.id`,
      );
    },
    async invitation(id: string): Promise<PartyInvitationRow | undefined> {
      const [row] = await query<PartyInvitationRow>(
        db,
        sql`SELECT ${INVITATION_COLUMNS} FROM party_invitations i WHERE i.id = ${id}`,
      );
      return row;
    },
    /** Delivered pending invitations a user received, newest first. */
    async received(userId: string): Promise<PartyInvitationRow[]> {
      return query<PartyInvitationRow>(
        db,
        sql`SELECT ${INVITATION_COLUMNS} FROM party_invitations i
            WHERE i.invitee_id = ${userId} AND i.status = 'pending' AND i.delivered
            ORDER BY i.created_at DESC, i.id LIMIT 50`,
      );
    },
    async invite(row: Omit<PartyInvitationRow, "status" | "created_at">) {
      await query(
        db,
        sql`INSERT INTO party_invitations (id, party_id, inviter_id, invitee_id, scene_id, delivered)
            VALUES (${row.id}, ${row.party_id}, ${row.inviter_id}, ${row.invitee_id}, ${row.scene_id}, ${row.delivered})`,
      );
    },
    /** Marks a pending invitation answered; false when it was not pending any more. */
    async answer(id: string, status: "accepted" | "declined", tx: Executor = db) {
      const rows = await query<{ id: string }>(
        tx,
        sql`UPDATE party_invitations SET status = ${status}, answered_at = now()
            WHERE id = ${id} AND status = 'pending' RETURNING id`,
      );
      return rows.length > 0;
    },
    /**
     * The invitee joins: leaves their current party (handing over or ending it) and becomes a
     * member, in one transaction. Answers false when the invitation was answered meanwhile.
     */
    async accept(
      invitation: PartyInvitationRow,
      previous: { partyId: string; newLeader: string | null } | null,
    ) {
      return db.transaction(async (tx) => {
        if (!(await this.answer(invitation.id, "accepted", tx))) return false;
        if (previous) {
          await this.removeMember(previous.partyId, invitation.invitee_id, previous.newLeader, tx);
        }
        await query(
          tx,
          sql`INSERT INTO party_members (party_id, user_id) VALUES (${invitation.party_id}, ${invitation.invitee_id})`,
        );
        return true;
      });
    },
    async addMessage(id: string, partyId: string, senderId: string, text: string) {
      const [row] = await query<PartyMessageRow>(
        db,
        sql`INSERT INTO party_messages (id, party_id, sender_id, text)
            VALUES (${id}, ${partyId}, ${senderId}, ${text}) RETURNING ${MESSAGE_COLUMNS}`,
      );
      if (!row) throw new Error("party message not stored");
      return row;
    },
    /** A page of the chat, newest page first (page 0 = the latest), oldest first within it. */
    async messages(partyId: string, offset: number, limit: number) {
      const rows = await query<PartyMessageRow>(
        db,
        sql`SELECT ${MESSAGE_COLUMNS} FROM party_messages WHERE party_id = ${partyId}
            ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT ${limit}`,
      );
      return rows.reverse();
    },
  };
}

export type PartyRepo = ReturnType<typeof createPartyRepo>;
