import { createHash, randomUUID } from "node:crypto";
import {
  type Comment,
  type CreateCommentRequest,
  type SpaceActivity,
  spacesMessages,
} from "@atrium/domain";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { BadRequestError, ForbiddenError, NotFoundError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import { fileUrl } from "../files/service.js";
import type { NotificationsService } from "../notifications/service.js";
import { CARD_COLUMNS, CARD_FROM, iso, query, type SceneRow } from "../scenes/rows.js";
import { listedFor, type ScenesService } from "../scenes/service.js";

// Likes, threaded comments, daily views, history and favourites of spaces, under
// /api/socialInteractionService beside the user follows of modules/social.

interface CommentRow {
  id: string;
  scene_id: string;
  parent_comment_id: string | null;
  user_id: string;
  body: string;
  edited: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  user_name: string;
  user_picture: string | null;
}

export interface Page {
  cp: number;
  ipp: number;
}

/** Builds the reply tree: top-level comments oldest first, replies under their parent. */
/** How many favourite ids one answer holds (the cards of a page only ask about themselves). */
export const FAVORITE_IDS_LIMIT = 2000;

export function commentTree(rows: CommentRow[]): Comment[] {
  const byId = new Map<string, Comment>();
  for (const row of rows) {
    byId.set(row.id, {
      commentId: row.id,
      parentCommentId: row.parent_comment_id,
      sceneId: row.scene_id,
      body: row.body,
      user: {
        userId: row.user_id,
        name: row.user_name,
        profilePicture: row.user_picture ? fileUrl(row.user_picture) : null,
      },
      edited: row.edited,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      childComments: [],
    });
  }
  const roots: Comment[] = [];
  for (const comment of byId.values()) {
    const parent = comment.parentCommentId ? byId.get(comment.parentCommentId) : undefined;
    if (parent) parent.childComments.push(comment);
    else roots.push(comment);
  }
  return roots;
}

const COMMENT_SELECT = sql.raw(`SELECT c.id, c.scene_id, c.parent_comment_id, c.user_id, c.body,
  c.edited, c.created_at, c.updated_at, u.name AS user_name,
  u.profile_picture_file_id AS user_picture
  FROM scene_comments c JOIN users u ON u.id = c.user_id`);

export function createSceneSocialService(deps: {
  db: Database;
  scenes: ScenesService;
  notifications?: Pick<NotificationsService, "liked" | "commented">;
  now?: () => Date;
}) {
  const { db, scenes } = deps;
  const now = deps.now ?? (() => new Date());

  async function likeState(auth: AuthContext | null, sceneId: string) {
    const [row] = await query<{ likes: number; liked: boolean }>(
      db,
      sql`SELECT s.likes_count AS likes,
            ${auth ? sql`EXISTS (SELECT 1 FROM scene_likes l WHERE l.scene_id = s.id AND l.user_id = ${auth.userId})` : sql`false`} AS liked
          FROM scenes s WHERE s.id = ${sceneId}`,
    );
    return { sceneId, liked: Boolean(row?.liked), likes: Number(row?.likes ?? 0) };
  }

  async function comment(id: string) {
    const [row] = await query<CommentRow>(db, sql`${COMMENT_SELECT} WHERE c.id = ${id}`);
    if (!row) throw new NotFoundError();
    return row;
  }

  async function activity(
    auth: AuthContext | null,
    table: "scene_history" | "scene_favorites",
    page: Page,
  ): Promise<SpaceActivity[]> {
    const me = assertSignedIn(auth);
    const at = table === "scene_history" ? sql.raw("a.visited_at") : sql.raw("a.created_at");
    const rows = await query<SceneRow & { at: Date | string }>(
      db,
      sql`SELECT ${CARD_COLUMNS}, ${at} AS at
          FROM ${sql.raw(table)} a JOIN ${CARD_FROM} ON s.id = a.scene_id
          WHERE a.user_id = ${me.userId} AND (s.owner_id = ${me.userId} OR ${listedFor(me.userId, true)})
          ORDER BY ${at} DESC, s.id
          LIMIT ${page.ipp} OFFSET ${page.cp * page.ipp}`,
    );
    return rows.map((row) => ({ at: iso(row.at), space: scenes.present(me, row) }));
  }

  return {
    likeState: async (auth: AuthContext | null, sceneId: string) => {
      await scenes.viewable(auth, sceneId);
      return likeState(auth, sceneId);
    },

    /** Likes or unlikes (toggle); `liked` forces a state. The count follows by trigger. */
    async like(auth: AuthContext | null, sceneId: string, liked?: boolean) {
      const me = assertSignedIn(auth);
      await scenes.viewable(me, sceneId);
      const likedNow = await db.transaction(async (tx) => {
        const current = await query(
          tx,
          sql`SELECT 1 FROM scene_likes WHERE scene_id = ${sceneId} AND user_id = ${me.userId}`,
        );
        const want = liked ?? current.length === 0;
        // likes_count follows the rows (trigger, migration 0203)
        if (want) {
          await query(
            tx,
            sql`INSERT INTO scene_likes (scene_id, user_id) VALUES (${sceneId}, ${me.userId}) ON CONFLICT DO NOTHING`,
          );
        } else {
          await query(
            tx,
            sql`DELETE FROM scene_likes WHERE scene_id = ${sceneId} AND user_id = ${me.userId}`,
          );
        }
        return want;
      });
      // the owner hears of a like once per person (an unlike and a like again tell nobody)
      if (likedNow) await deps.notifications?.liked(me.userId, sceneId);
      return likeState(me, sceneId);
    },

    /** Spaces a user liked, newest like first (only those the caller may see). */
    async likedBy(auth: AuthContext | null, userId: string, page: Page) {
      const rows = await query<SceneRow>(
        db,
        sql`SELECT ${CARD_COLUMNS} FROM scene_likes l JOIN ${CARD_FROM} ON s.id = l.scene_id
            WHERE l.user_id = ${userId} AND ${listedFor(auth?.userId ?? null, true)}
            ORDER BY l.created_at DESC, s.id LIMIT ${page.ipp} OFFSET ${page.cp * page.ipp}`,
      );
      return rows.map((row) => scenes.present(auth, row));
    },

    async comments(auth: AuthContext | null, sceneId: string) {
      const scene = await scenes.viewable(auth, sceneId);
      if (!scene.comments_enabled) return [];
      const rows = await query<CommentRow>(
        db,
        sql`${COMMENT_SELECT} WHERE c.scene_id = ${sceneId} ORDER BY c.created_at, c.id`,
      );
      return commentTree(rows);
    },

    async addComment(auth: AuthContext | null, request: CreateCommentRequest) {
      const me = assertSignedIn(auth);
      const scene = await scenes.viewable(me, request.sceneId);
      if (!scene.comments_enabled) throw new ForbiddenError(spacesMessages.commentsOff);
      if (request.parentCommentId) {
        const parent = await query<{ scene_id: string }>(
          db,
          sql`SELECT scene_id FROM scene_comments WHERE id = ${request.parentCommentId}`,
        );
        if (parent[0]?.scene_id !== request.sceneId) {
          throw new BadRequestError(
            `body.parentCommentId: ${spacesMessages.commentParentElsewhere}`,
            [{ path: "body.parentCommentId", message: spacesMessages.commentParentElsewhere }],
          );
        }
      }
      const id = randomUUID();
      // comments_count follows the rows (trigger, migration 0203)
      await query(
        db,
        sql`INSERT INTO scene_comments (id, scene_id, parent_comment_id, user_id, body)
            VALUES (${id}, ${request.sceneId}, ${request.parentCommentId ?? null}, ${me.userId}, ${request.body})`,
      );
      await deps.notifications?.commented(me.userId, id);
      return commentTree([await comment(id)])[0] as Comment;
    },

    async editComment(auth: AuthContext | null, commentId: string, body: string) {
      const me = assertSignedIn(auth);
      const row = await comment(commentId);
      if (row.user_id !== me.userId) throw new ForbiddenError(spacesMessages.onlyAuthorEdits);
      await query(
        db,
        sql`UPDATE scene_comments SET body = ${body}, edited = true, updated_at = now() WHERE id = ${commentId}`,
      );
      return commentTree([await comment(commentId)])[0] as Comment;
    },

    /** The author or the space's owner deletes a comment, and its replies with it. */
    async deleteComment(auth: AuthContext | null, commentId: string) {
      const me = assertSignedIn(auth);
      const row = await comment(commentId);
      const [scene] = await query<{ owner_id: string }>(
        db,
        sql`SELECT owner_id FROM scenes WHERE id = ${row.scene_id}`,
      );
      if (row.user_id !== me.userId && scene?.owner_id !== me.userId) throw new ForbiddenError();
      // its replies go with it (cascade); comments_count follows the rows (trigger)
      await query(db, sql`DELETE FROM scene_comments WHERE id = ${commentId}`);
      return { commentId, deleted: true };
    },

    /**
     * Counts a visit once per visitor per day: signed-in people by account, others by the
     * visitor key the route gives (a cookie). Signed-in visits also go to the history.
     */
    async view(auth: AuthContext | null, sceneId: string, anonymousKey: string) {
      await scenes.viewable(auth, sceneId);
      const visitor = auth
        ? `user:${auth.userId}`
        : `anon:${createHash("sha256").update(anonymousKey).digest("hex").slice(0, 32)}`;
      const day = now().toISOString().slice(0, 10);
      const counted = await db.transaction(async (tx) => {
        const inserted = await query(
          tx,
          sql`INSERT INTO scene_views (scene_id, visitor, day) VALUES (${sceneId}, ${visitor}, ${day}::date) ON CONFLICT DO NOTHING RETURNING 1`,
        );
        if (inserted.length > 0) {
          await query(
            tx,
            sql`UPDATE scenes SET views_count = views_count + 1 WHERE id = ${sceneId}`,
          );
        }
        if (auth) {
          await query(
            tx,
            sql`INSERT INTO scene_history (user_id, scene_id, visited_at) VALUES (${auth.userId}, ${sceneId}, ${now().toISOString()}::timestamptz)
                ON CONFLICT (user_id, scene_id) DO UPDATE SET visited_at = EXCLUDED.visited_at`,
          );
        }
        return inserted.length > 0;
      });
      const [row] = await query<{ views: number }>(
        db,
        sql`SELECT views_count AS views FROM scenes WHERE id = ${sceneId}`,
      );
      return { sceneId, counted, views: Number(row?.views ?? 0) };
    },

    history: (auth: AuthContext | null, page: Page) => activity(auth, "scene_history", page),

    async clearHistory(auth: AuthContext | null) {
      const me = assertSignedIn(auth);
      await query(db, sql`DELETE FROM scene_history WHERE user_id = ${me.userId}`);
      return { cleared: true };
    },

    favorites: (auth: AuthContext | null, page: Page) => activity(auth, "scene_favorites", page),

    async favoriteState(auth: AuthContext | null, sceneId: string) {
      const me = assertSignedIn(auth);
      await scenes.viewable(me, sceneId);
      const rows = await query(
        db,
        sql`SELECT 1 FROM scene_favorites WHERE user_id = ${me.userId} AND scene_id = ${sceneId}`,
      );
      return { sceneId, favorite: rows.length > 0 };
    },

    /**
     * The ids of your favourite spaces, latest first (at most FAVORITE_IDS_LIMIT): what the
     * space cards of a page need to show their favourite toggles with one call.
     */
    async favoriteIds(auth: AuthContext | null) {
      const me = assertSignedIn(auth);
      const rows = await query<{ scene_id: string }>(
        db,
        sql`SELECT scene_id FROM scene_favorites WHERE user_id = ${me.userId} ORDER BY created_at DESC, scene_id LIMIT ${FAVORITE_IDS_LIMIT}`,
      );
      return { sceneIds: rows.map((row) => row.scene_id) };
    },

    /** Adds or removes a favourite (toggle); `favorite` forces a state. */
    async favorite(auth: AuthContext | null, sceneId: string, favorite?: boolean) {
      const me = assertSignedIn(auth);
      await scenes.viewable(me, sceneId);
      const current = await query(
        db,
        sql`SELECT 1 FROM scene_favorites WHERE user_id = ${me.userId} AND scene_id = ${sceneId}`,
      );
      const want = favorite ?? current.length === 0;
      if (want) {
        await query(
          db,
          sql`INSERT INTO scene_favorites (user_id, scene_id) VALUES (${me.userId}, ${sceneId}) ON CONFLICT DO NOTHING`,
        );
      } else {
        await query(
          db,
          sql`DELETE FROM scene_favorites WHERE user_id = ${me.userId} AND scene_id = ${sceneId}`,
        );
      }
      return { sceneId, favorite: want };
    },
  };
}

export type SceneSocialService = ReturnType<typeof createSceneSocialService>;
