import { randomUUID } from "node:crypto";
import { type DirectMessage, type DirectMessageGroup, relationMessages } from "@atrium/domain";
import { BadRequestError, ForbiddenError, NotFoundError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import { fileUrl } from "../files/service.js";
import type { NotificationsService } from "../notifications/service.js";
import type { createUsersRepo } from "../users/repo.js";
import type { DmGroupRow, DmMessageRow, DmRepo } from "./dm-repo.js";
import type { RelationsService } from "./relations.js";

/** Where new groups and messages are pushed (the directmessagegrouphub), set once it exists. */
export interface DmPublisher {
  newGroup(memberIds: string[], group: DirectMessageGroup): void;
  newMessage(memberIds: string[], message: DirectMessage): void;
}

/**
 * Direct message groups: persisted with their history; only members read or write a group.
 * Messages sent over the hub or the REST call are stored first, then pushed to every member.
 */
export function createDmService(deps: {
  repo: DmRepo;
  users: ReturnType<typeof createUsersRepo>;
  /** Blocks: a blocked user cannot write to the one who blocked them, nor they to it. */
  relations?: RelationsService;
  notifications?: Pick<NotificationsService, "directMessage">;
}) {
  const { repo, users, relations } = deps;
  const blockedAmong = (userId: string, others: string[]) =>
    relations ? relations.blockedAmong(userId, others) : Promise.resolve([] as string[]);
  let publisher: DmPublisher | null = null;

  async function people(ids: string[]) {
    const rows = await users.findMany(ids);
    const byId = new Map(rows.map((user) => [user.id, user]));
    return ids.flatMap((id) => {
      const user = byId.get(id);
      return user
        ? [
            {
              userId: user.id,
              name: user.name,
              profilePicture: user.profilePictureFileId ? fileUrl(user.profilePictureFileId) : null,
            },
          ]
        : [];
    });
  }

  async function toGroup(row: DmGroupRow): Promise<DirectMessageGroup> {
    return {
      groupId: row.id,
      title: row.title,
      members: await people(row.member_ids),
      createdBy: row.created_by,
      createdAt: new Date(row.created_at).toISOString(),
      lastMessageAt: new Date(row.last_message_at).toISOString(),
    };
  }

  async function toMessages(rows: DmMessageRow[]): Promise<DirectMessage[]> {
    const senders = new Map(
      (await people([...new Set(rows.map((row) => row.sender_id))])).map((p) => [p.userId, p]),
    );
    return rows.map((row) => ({
      id: row.id,
      groupId: row.group_id,
      text: row.text,
      time: new Date(row.created_at).toISOString(),
      user: senders.get(row.sender_id) ?? {
        userId: row.sender_id,
        name: "",
        profilePicture: null,
      },
    }));
  }

  async function memberGroup(auth: AuthContext | null, groupId: string) {
    const me = assertSignedIn(auth);
    const row = await repo.group(groupId);
    if (!row) throw new NotFoundError();
    if (!row.member_ids.includes(me.userId)) throw new ForbiddenError();
    return { me, row };
  }

  return {
    setPublisher(next: DmPublisher) {
      publisher = next;
    },

    /** A new group of the caller and `memberIds`; two people share one group (it is reused). */
    async create(auth: AuthContext | null, input: { memberIds: string[]; title: string }) {
      const me = assertSignedIn(auth);
      const others = [...new Set(input.memberIds)].filter((id) => id !== me.userId);
      if (others.length === 0) {
        throw new BadRequestError("Choose someone to write to", [
          { path: "body.memberIds", message: "must name someone other than you" },
        ]);
      }
      const found = await users.findMany(others);
      if (found.length !== others.length) {
        const known = new Set(found.map((user) => user.id));
        throw new BadRequestError("Unknown user", [
          {
            path: "body.memberIds",
            message: `no such user: ${others.filter((id) => !known.has(id)).join(", ")}`,
          },
        ]);
      }
      if ((await blockedAmong(me.userId, others)).length > 0) {
        throw new ForbiddenError(relationMessages.blockedDm);
      }
      if (others.length === 1 && !input.title) {
        const existing = await repo.pairGroup(me.userId, others[0] as string);
        if (existing) return { created: false, group: await toGroup(existing) };
      }
      const id = randomUUID();
      await repo.create(id, me.userId, input.title, [me.userId, ...others]);
      const row = await repo.group(id);
      if (!row) throw new NotFoundError();
      const group = await toGroup(row);
      publisher?.newGroup(row.member_ids, group);
      return { created: true, group };
    },

    async mine(auth: AuthContext | null) {
      const me = assertSignedIn(auth);
      return Promise.all((await repo.groupsOf(me.userId)).map(toGroup));
    },

    async get(auth: AuthContext | null, groupId: string) {
      return toGroup((await memberGroup(auth, groupId)).row);
    },

    async messages(auth: AuthContext | null, groupId: string, page: { cp: number; ipp: number }) {
      const { me } = await memberGroup(auth, groupId);
      const rows = await repo.messages(groupId, page.cp * page.ipp, page.ipp);
      // the words of someone the reader blocked (or who blocked them) do not reach the reader
      const hidden = new Set(
        await blockedAmong(me.userId, [...new Set(rows.map((row) => row.sender_id))]),
      );
      return toMessages(rows.filter((row) => !hidden.has(row.sender_id)));
    },

    async send(auth: AuthContext | null, groupId: string, text: string) {
      const { me, row } = await memberGroup(auth, groupId);
      const others = row.member_ids.filter((id) => id !== me.userId);
      const blocked = new Set(await blockedAmong(me.userId, others));
      // a conversation of two ends with a block; in a larger group the message skips them
      if (blocked.size > 0 && others.length === 1) {
        throw new ForbiddenError(relationMessages.blockedDm);
      }
      const stored = await repo.addMessage(randomUUID(), groupId, me.userId, text);
      const [message] = await toMessages([stored]);
      if (!message) throw new NotFoundError();
      publisher?.newMessage(
        row.member_ids.filter((id) => !blocked.has(id)),
        message,
      );
      // never the sender; never someone of a blocked pair
      await deps.notifications?.directMessage(
        me.userId,
        groupId,
        others.filter((id) => !blocked.has(id)),
        text,
      );
      return message;
    },
  };
}

export type DmService = ReturnType<typeof createDmService>;
