import { randomUUID } from "node:crypto";
import {
  applyTemplateStyle,
  type CreateSceneRequest,
  canCreateDraft,
  canCreateInDistrict,
  createEmptySceneDocument,
  draftLimit,
  EXTRA_LEVEL_CREDITS,
  extraLevelCount,
  INCLUDED_LEVELS,
  messages,
  migrateSceneDocument,
  type PremadeFamily,
  resolveStartPoint,
  type SaveSceneContentRequest,
  type SceneDocument,
  type SceneMetadataPatch,
  SPACE_TITLE_MAX_LENGTH,
  type SpaceCard,
  slotTakesSpace,
  spacesMessages,
  unpaidExtraLevels,
} from "@atrium/domain";
import { type SQL, sql } from "drizzle-orm";
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import { createAnswerCache } from "../../infra/answer-cache.js";
import { districtSpaceOpenTo, inGroupAcl } from "../districts/visibility.js";
import { createLedger, type Ledger } from "../wallet/ledger.js";
import { type FamilyRow, type ScenesRepo, type TemplateRow, textArray } from "./repo.js";
import {
  type Executor,
  iso,
  publicCard,
  query,
  type SceneRow,
  type SlotRow,
  toCard,
  toSlot,
} from "./rows.js";

export interface ScenesServiceDeps {
  repo: ScenesRepo;
  /**
   * How long a signed-out visitor's explore page may be answered from memory (milliseconds;
   * 0 turns it off). Signed-out explore traffic repeats the same first pages and prefixes.
   */
  searchCacheMs?: number;
  /** Groups a user belongs to, for group access lists (the districts work provides them). */
  groupsOf?: (userId: string) => Promise<string[]>;
  /** Whether a district lets the visitor (null: signed out) reach its spaces. */
  districtAllows?: (userId: string | null, districtId: string) => Promise<boolean>;
  /** The district's subdomain when the user may create spaces in it (Owner, Creator), else null. */
  districtCreator?: (userId: string, districtId: string) => Promise<{ subdomain: string } | null>;
  /**
   * The visitor's role in a district they may enter (null: outsider or signed out); throws the
   * district's 404 or 403 otherwise. The district site's spaces lists ask it first.
   */
  districtVisitor?: (
    auth: AuthContext | null,
    districtId: string,
  ) => Promise<"Owner" | "Creator" | "Guest" | null>;
  /** The credit ledger extra levels are charged to (by default one on the repo's database). */
  ledger?: Ledger;
  now?: () => Date;
}

export const extraLevelMessages = {
  description: (count: number) => (count === 1 ? "1 extra level" : `${count} extra levels`),
} as const;

/** Levels of a document that count for extra levels (a premade space's come with it). */
function levelCount(document: unknown): number {
  const migrated = migrateSceneDocument(document);
  return migrated.ok ? (migrated.document.customSpace?.levels.length ?? 0) : 0;
}

export type SpaceSort = "datePublished" | "views" | "likes";

export interface SearchOptions {
  q: string;
  sort: SpaceSort;
  cp: number;
  ipp: number;
  creatorId?: string | undefined;
  adultContent?: boolean | undefined;
}

/** How many text matches the search reads before treating a term as common. */
export const SEARCH_CANDIDATES = 500;
const SEARCH_CACHE_ENTRIES = 1000;

const ORDER: Record<SpaceSort, SQL> = {
  datePublished: sql.raw("s.published_at DESC, s.id DESC"),
  likes: sql.raw("s.likes_count DESC, s.published_at DESC, s.id DESC"),
  views: sql.raw("s.views_count DESC, s.published_at DESC, s.id DESC"),
};

/**
 * A prefix query for what a person has typed so far: each word must start a word of the
 * title, description, tags or creator's name ("gal mod" finds "Modern gallery"). Only letters
 * and digits reach to_tsquery, so no input can break its syntax.
 */
export function prefixTsQuery(input: string): string | null {
  const words = input.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, 8);
  return unique.length === 0 ? null : unique.map((word) => `${word}:*`).join(" & ");
}

/** The space's own lists let the visitor in: public, their own, or named by person or group. */
function openTo(userId: string | null): SQL {
  return userId === null
    ? sql`(s.published_public AND NOT s.privacy_acl_enabled)`
    : sql`((s.published_public AND NOT s.privacy_acl_enabled) OR s.owner_id = ${userId} OR (s.privacy_acl_enabled AND (${userId} = ANY(s.user_privacy_acl) OR ${inGroupAcl("group_privacy_acl", userId)})))`;
}

/**
 * Published, listed and viewable by `userId` (null: signed out); adult content on request.
 * A restricted space lets in the people and the members of the groups of its privacy list; a
 * district's space is listed only where its district is (modules/districts/visibility.ts).
 */
export function listedFor(userId: string | null, adultContent: boolean): SQL {
  const parts = [sql`s.state = 'Published'`, sql`s.visible`];
  if (!adultContent) parts.push(sql`NOT s.adult_content`);
  parts.push(openTo(userId));
  parts.push(districtSpaceOpenTo(userId, "listed"));
  return sql.join(parts, sql` AND `);
}

export function createScenesService(deps: ScenesServiceDeps) {
  const { repo } = deps;
  const { db } = repo;
  const groupsOf = deps.groupsOf ?? (async () => []);
  const districtAllows = deps.districtAllows ?? (async () => true);
  const districtCreator = deps.districtCreator ?? (async () => null);
  const districtVisitor =
    deps.districtVisitor ??
    (async () => {
      throw new NotFoundError(messages.district.unknownDistrict);
    });

  /** Only a district's owners and creators put spaces in it (403 otherwise). */
  async function districtFor(auth: AuthContext, districtId: string) {
    const district = await districtCreator(auth.userId, districtId);
    if (!district) throw new ForbiddenError(messages.district.creatorsOnly);
    return { districtId, subdomain: district.subdomain };
  }

  /** A space's district is set when it is made; a patch may repeat it but not change it. */
  function withoutDistrict<T extends { districtId?: string | null | undefined }>(
    row: SceneRow,
    patch: T,
  ): T {
    if (patch.districtId === undefined) return patch;
    if (patch.districtId !== row.district_id) {
      throw new BadRequestError(`body.districtId: ${messages.district.spaceDistrictFixed}`, [
        { path: "body.districtId", message: messages.district.spaceDistrictFixed },
      ]);
    }
    const { districtId: _same, ...rest } = patch;
    return rest as T;
  }
  const now = deps.now ?? (() => new Date());
  const ledger = deps.ledger ?? createLedger(db);

  /**
   * Charges the owner for the extra levels of a space not paid for yet (50 credits each), in
   * the caller's transaction, after locking the scene's row: two publishes or saves at once
   * never charge one level twice. Short of credits: 402 with the spec's message, nothing
   * changed. Paid levels stay paid when removed.
   */
  async function chargeExtraLevels(tx: Executor, sceneId: string, levels: number) {
    if (levels <= INCLUDED_LEVELS) return;
    const [row] = await query<{ owner_id: string; paid_extra_levels: number }>(
      tx,
      sql`SELECT owner_id, paid_extra_levels FROM scenes WHERE id = ${sceneId} FOR UPDATE`,
    );
    if (!row) throw new NotFoundError();
    const owed = unpaidExtraLevels(levels, row.paid_extra_levels);
    if (owed === 0) return;
    const extra = extraLevelCount(levels);
    await ledger.applyIn(tx as Parameters<Ledger["applyIn"]>[0], {
      userId: row.owner_id,
      kind: "extraLevel",
      credits: owed * EXTRA_LEVEL_CREDITS,
      idempotencyKey: `extraLevels:${sceneId}:${row.paid_extra_levels}-${extra}`,
      description: extraLevelMessages.description(owed),
      reference: sceneId,
    });
    await query(tx, sql`UPDATE scenes SET paid_extra_levels = ${extra} WHERE id = ${sceneId}`);
  }

  async function existing(id: string): Promise<SceneRow> {
    const row = await repo.card(id);
    if (!row) throw new NotFoundError();
    return row;
  }

  async function owned(auth: AuthContext | null, id: string) {
    const me = assertSignedIn(auth);
    const row = await existing(id);
    if (row.owner_id !== me.userId) throw new ForbiddenError();
    return { me, row };
  }

  /**
   * Who may open a space: its owner always; others only once it is published, and then
   * anyone when it is public, or the people and groups of its privacy list when restricted.
   */
  async function mayView(auth: AuthContext | null, row: SceneRow) {
    if (auth && auth.userId === row.owner_id) return true;
    if (row.state !== "Published") return false;
    // a private or hidden district's spaces are its members' only, whatever their own lists say
    if (row.district_id && !(await districtAllows(auth?.userId ?? null, row.district_id)))
      return false;
    if (row.published_public && !row.privacy_acl_enabled) return true;
    if (!auth || !row.privacy_acl_enabled) return false;
    if (row.user_privacy_acl.includes(auth.userId)) return true;
    if (row.group_privacy_acl.length === 0) return false;
    const groups = await groupsOf(auth.userId);
    return groups.some((group) => row.group_privacy_acl.includes(group));
  }

  async function viewable(auth: AuthContext | null, id: string, publishedOnly: boolean) {
    const row = await existing(id);
    if (publishedOnly && row.state !== "Published")
      throw new NotFoundError(spacesMessages.notPublished);
    if (!(await mayView(auth, row))) throw new ForbiddenError();
    return row;
  }

  const searchCache = createAnswerCache<SpaceCard[]>(deps.searchCacheMs ?? 0, SEARCH_CACHE_ENTRIES);
  const searchNow = (auth: AuthContext | null, options: SearchOptions) =>
    service.searchUncached(auth, options);

  const present = (auth: AuthContext | null, row: SceneRow): SpaceCard =>
    auth?.userId === row.owner_id ? toCard(row) : publicCard(toCard(row));

  /** Free accounts publish public spaces; choosing viewers or speakers needs Standard. */
  function assertPlanAllows(auth: AuthContext, patch: SceneMetadataPatch) {
    if (auth.plan !== "free") return;
    if (
      patch.privacyACLEnabled === true ||
      patch.communicationACLEnabled === true ||
      patch.publishedPublic === false
    ) {
      throw new ForbiddenError(spacesMessages.planNeededForPrivacy);
    }
  }

  async function assertDraftRoom(auth: AuthContext) {
    const count = await repo.countDrafts(auth.userId);
    if (!canCreateDraft(auth.plan, count))
      throw new ForbiddenError(spacesMessages.draftLimitReached);
    return count;
  }

  function validDocument(input: unknown) {
    const result = migrateSceneDocument(input);
    if (!result.ok) {
      const path = result.path === "" ? "document" : `document.${result.path}`;
      const message = result.reason.slice(result.reason.indexOf(":") + 2);
      throw new BadRequestError(`${path}: ${message}`, [{ path, message }]);
    }
    return result.document;
  }

  /**
   * The document with a start inside the space (issue 21 item 1): a stored start outside the
   * walls (the default at the origin, a premade space's outer corner) becomes the template's own
   * start or the computed one, at read time, so older spaces need no rewrite.
   */
  async function withStartInside(document: SceneDocument): Promise<SceneDocument> {
    let space = document.customSpace;
    let templateStart = null;
    if (!space && document.spaceTemplate) {
      const template = await repo.template(document.spaceTemplate.templateId);
      const own = template ? migrateSceneDocument(template.document) : null;
      if (own?.ok && own.document.customSpace) {
        space = applyTemplateStyle(own.document.customSpace, document.spaceTemplate);
        templateStart = {
          position: own.document.startingPosition,
          rotation: own.document.startingRotation,
        };
      }
    }
    const start = resolveStartPoint(document, space, templateStart);
    if (start.source === "stored") return document;
    return { ...document, startingPosition: start.position, startingRotation: start.rotation };
  }

  async function contentOf(row: SceneRow) {
    const content = await repo.content(row.id);
    if (!content) throw new NotFoundError();
    const migrated = migrateSceneDocument(content.document);
    return {
      sceneId: row.id,
      revision: content.revision,
      document: migrated.ok ? await withStartInside(migrated.document) : content.document,
      updatedAt: iso(content.updated_at),
    };
  }

  function familyOf(
    family: FamilyRow,
    templates: TemplateRow[],
    withDocument: boolean,
  ): PremadeFamily {
    return {
      spaceTemplateFamilyId: family.id,
      title: family.title,
      description: family.description,
      coverPhoto: family.cover_photo,
      photoGallery: family.photo_gallery,
      tier: family.tier,
      templates: templates
        .filter((template) => template.family_id === family.id)
        .map((template) => ({
          spaceTemplateId: template.id,
          title: template.title,
          size: template.size,
          tier: template.tier,
          districtPrice: template.credit_price,
          districtItemId: template.district_item_id,
          coverPhoto: template.cover_photo,
          photoGallery: template.photo_gallery,
          ...(withDocument ? { document: template.document } : {}),
        })),
    };
  }

  const service = {
    customScene: () => createEmptySceneDocument(),

    async draftsLimit(auth: AuthContext | null) {
      const me = assertSignedIn(auth);
      const draftCount = await assertDraftRoom(me);
      return { draftCount, limit: draftLimit(me.plan), canCreate: true };
    },

    async create(auth: AuthContext | null, input: CreateSceneRequest) {
      const me = assertSignedIn(auth);
      const district = input.districtId ? await districtFor(me, input.districtId) : null;
      assertPlanAllows(me, input);
      await assertDraftRoom(me);
      let document: unknown = createEmptySceneDocument();
      let premadeTemplateId: string | null = null;
      if (input.spaceTemplateId) {
        const template = await repo.template(input.spaceTemplateId);
        if (!template) {
          throw new BadRequestError(`body.spaceTemplateId: ${spacesMessages.unknownTemplate}`, [
            { path: "body.spaceTemplateId", message: spacesMessages.unknownTemplate },
          ]);
        }
        document = validDocument(template.document);
        premadeTemplateId = template.id;
      }
      const { spaceTemplateId: _ignored, ...patch } = input;
      // a space started from a premade one shows its cover until it has its own
      if (premadeTemplateId && patch.coverPhotoUri === undefined) {
        const template = await repo.template(premadeTemplateId);
        if (template?.cover_photo) patch.coverPhotoUri = template.cover_photo;
      }
      const id = randomUUID();
      await db.transaction(async (tx) => {
        await repo.insertScene(tx, { id, ownerId: me.userId, premadeTemplateId }, patch, document);
        if (district) await repo.setDistrictSubdomain(tx, id, district.subdomain);
      });
      return toCard((await repo.card(id)) as SceneRow);
    },

    async updateMetadata(auth: AuthContext | null, id: string, input: SceneMetadataPatch) {
      const { me, row } = await owned(auth, id);
      const patch = withoutDistrict(row, input);
      assertPlanAllows(me, patch);
      // A new thumbnail (the editor's rendered view of the space) is the cover too, unless the
      // creator chose a cover of their own (none yet, the last thumbnail, or the premade
      // space's picture count as not chosen); then the creator's cover stays what cards show.
      // A cover the creator chooses drops the rendered thumbnail, so cards show it.
      let next = patch;
      if (patch.thumbnailUri && patch.coverPhotoUri === undefined) {
        const cover = row.cover_photo_uri;
        const templateCover = row.premade_template_id
          ? (await repo.template(row.premade_template_id))?.cover_photo
          : null;
        if (cover === null || cover === row.thumbnail_uri || cover === templateCover)
          next = { ...patch, coverPhotoUri: patch.thumbnailUri };
        else {
          const { thumbnailUri: _ignored, ...rest } = patch;
          next = rest;
        }
      } else if (patch.coverPhotoUri !== undefined && patch.thumbnailUri === undefined) {
        next = { ...patch, thumbnailUri: null };
      }
      await repo.updateMetadata(db, id, next);
      return toCard((await repo.card(id)) as SceneRow);
    },

    async setVisibility(auth: AuthContext | null, id: string, visible: boolean) {
      await owned(auth, id);
      await repo.updateMetadata(db, id, { visible });
      return toCard((await repo.card(id)) as SceneRow);
    },

    /** Metadata and content of one save commit together; a stale revision changes nothing. */
    async saveContent(auth: AuthContext | null, id: string, body: SaveSceneContentRequest) {
      const me = assertSignedIn(auth);
      const ownerId = await repo.ownerOf(id);
      if (ownerId === null) throw new NotFoundError();
      if (ownerId !== me.userId) throw new ForbiddenError();
      const document = validDocument(body.document);
      const sent =
        body.metadata && Object.keys(body.metadata).length > 0
          ? withoutDistrict(await existing(id), body.metadata)
          : null;
      const metadata = sent && Object.keys(sent).length > 0 ? sent : null;
      if (metadata) assertPlanAllows(me, metadata);
      // a published space saved with more levels than were paid for pays for them now
      const levels = document.customSpace?.levels.length ?? 0;
      const write = async (executor: Executor) => {
        if (levels > INCLUDED_LEVELS) {
          const [state] = await query<{ state: string }>(
            executor,
            sql`SELECT state FROM scenes WHERE id = ${id}`,
          );
          if (state?.state === "Published") await chargeExtraLevels(executor, id, levels);
        }
        if (metadata) await repo.updateMetadata(executor, id, metadata);
        const written = await repo.writeContent(executor, id, body.revision, document);
        if (!written) throw new ConflictError(spacesMessages.staleRevision);
        return written;
      };
      // one statement is atomic by itself; with metadata or a charge all go in one transaction
      const saved =
        metadata || levels > INCLUDED_LEVELS
          ? await db.transaction((tx) => write(tx))
          : await write(db);
      return { sceneId: id, revision: saved.revision, updatedAt: iso(saved.updated_at) };
    },

    async metadata(auth: AuthContext | null, id: string) {
      return present(auth, await viewable(auth, id, false));
    },

    async content(auth: AuthContext | null, id: string) {
      return contentOf(await viewable(auth, id, false));
    },

    async publishedMetadata(auth: AuthContext | null, id: string) {
      return present(auth, await viewable(auth, id, true));
    },

    async publishedContent(auth: AuthContext | null, id: string) {
      return contentOf(await viewable(auth, id, true));
    },

    async mine(
      auth: AuthContext | null,
      options: { state?: "Draft" | "Published" | undefined; cp: number; ipp: number },
    ) {
      const me = assertSignedIn(auth);
      const where = options.state
        ? sql`s.owner_id = ${me.userId} AND s.state = ${options.state}`
        : sql`s.owner_id = ${me.userId}`;
      const rows = await repo.cards(
        where,
        sql.raw("s.updated_at DESC, s.id DESC"),
        options.ipp,
        options.cp * options.ipp,
      );
      return rows.map(toCard);
    },

    /**
     * A district's spaces (the district site's spaces section). Published: those the visitor
     * may open, for anyone who may enter the district. Drafts: the owner sees all of the
     * district's drafts, a creator their own; guests, outsiders and signed-out visitors 403.
     */
    async ofDistrict(
      auth: AuthContext | null,
      districtId: string,
      options: { state: "Draft" | "Published"; cp: number; ipp: number },
    ) {
      // drafts are for signed-in members: 401 before anything else
      const me = options.state === "Draft" ? assertSignedIn(auth) : null;
      const role = await districtVisitor(auth, districtId);
      const parts = [sql`s.district_id = ${districtId}`, sql`s.state = ${options.state}`];
      if (me) {
        if (!canCreateInDistrict(role)) throw new ForbiddenError(messages.district.creatorsOnly);
        if (role !== "Owner") parts.push(sql`s.owner_id = ${me.userId}`);
      } else {
        parts.push(openTo(auth?.userId ?? null));
        // a hidden space shows to its creator only
        parts.push(auth ? sql`(s.visible OR s.owner_id = ${auth.userId})` : sql`s.visible`);
      }
      const order =
        options.state === "Draft"
          ? sql.raw("s.updated_at DESC, s.id DESC")
          : sql.raw("s.published_at DESC, s.id DESC");
      const rows = await repo.cards(
        sql.join(parts, sql` AND `),
        order,
        options.ipp,
        options.cp * options.ipp,
      );
      return rows.map((row) => present(auth, row));
    },

    /**
     * Explore. PostgreSQL cannot estimate how many spaces a typed prefix matches, so the
     * plan is chosen here: the text index first gives up to SEARCH_CANDIDATES matches; fewer
     * means a rare term, and those few are sorted exactly; as many means a common one, whose
     * matches are dense, and walking the sort's own index finds a page quickly.
     */
    async search(auth: AuthContext | null, options: SearchOptions) {
      if (auth !== null) return searchNow(auth, options);
      const key = JSON.stringify([
        prefixTsQuery(options.q),
        options.sort,
        options.cp,
        options.ipp,
        options.creatorId ?? null,
        options.adultContent === true,
      ]);
      return searchCache.through(key, () => searchNow(auth, options));
    },

    async searchUncached(auth: AuthContext | null, options: SearchOptions) {
      const parts = [listedFor(auth?.userId ?? null, options.adultContent === true)];
      if (options.creatorId) parts.push(sql`s.owner_id = ${options.creatorId}`);
      const tsquery = prefixTsQuery(options.q);
      const offset = options.cp * options.ipp;
      if (tsquery) {
        const match = sql`s.search_vector @@ to_tsquery('simple', ${tsquery})`;
        const dense = tsquery.split(" & ").every((term) => term.length <= 3);
        const candidates = dense
          ? null
          : await repo.matchingIds(sql.join([...parts, match], sql` AND `), SEARCH_CANDIDATES);
        if (candidates && candidates.length < SEARCH_CANDIDATES) {
          if (candidates.length === 0 || offset >= candidates.length) return [];
          const rows = await repo.cards(
            sql`s.id = ANY(${textArray(candidates)})`,
            ORDER[options.sort],
            options.ipp,
            offset,
          );
          return rows.map((row) => present(auth, row));
        }
        parts.push(match);
      }
      const rows = await repo.cards(
        sql.join(parts, sql` AND `),
        ORDER[options.sort],
        options.ipp,
        offset,
      );
      return rows.map((row) => present(auth, row));
    },

    async many(auth: AuthContext | null, ids: string[]) {
      if (ids.length === 0) return [];
      const rows = await repo.cards(
        sql`s.id = ANY(${textArray(ids)}) AND ${listedFor(auth?.userId ?? null, true)}`,
        sql.raw("s.id"),
        ids.length,
        0,
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [present(auth, row)] : [];
      });
    },

    async publish(
      auth: AuthContext | null,
      id: string,
      request: { publishedPublic: boolean; slotId?: string | null | undefined },
    ) {
      const { me, row } = await owned(auth, id);
      assertPlanAllows(me, { publishedPublic: request.publishedPublic });
      const assignSlot = () =>
        new BadRequestError(spacesMessages.assignSlot, [
          { path: "body.slotId", message: spacesMessages.assignSlot },
        ]);
      const at = now();
      const open = (slot: SlotRow) =>
        slot.owner_id === me.userId &&
        slot.active &&
        (slot.expires_at === null || new Date(slot.expires_at) > at) &&
        (slot.scene_id === null || slot.scene_id === id);
      const fits = (slot: SlotRow) =>
        slotTakesSpace({ kind: slot.kind, districtId: slot.district_id }, row.district_id);
      // a district's space belongs to the district: it goes into one of the district's slots
      // the owner gave this member, never into the member's own (spec 2 §6)
      if (
        row.district_id !== null &&
        !(await repo.slots(me.userId)).some((slot) => open(slot) && fits(slot))
      )
        throw new ForbiddenError(messages.district.askOwnerForSlot);
      // refused before anything is written: ensureFreeSlot makes the free slot's row
      if (!request.slotId) throw assignSlot();
      await repo.ensureFreeSlot(me.userId);
      const levels = levelCount((await repo.content(id))?.document);
      await db.transaction(async (tx) => {
        const slot = await repo.slot(request.slotId as string, tx);
        if (!slot || !open(slot)) throw assignSlot();
        if (!fits(slot))
          throw row.district_id === null
            ? assignSlot()
            : new BadRequestError(messages.district.districtSlotOnly, [
                { path: "body.slotId", message: messages.district.districtSlotOnly },
              ]);
        await chargeExtraLevels(tx, id, levels);
        await repo.placeInSlot(tx, id, slot.id, me.userId);
        await repo.publish(tx, id, slot.id, request.publishedPublic);
      });
      return toCard((await repo.card(id)) as SceneRow);
    },

    async unpublish(auth: AuthContext | null, id: string) {
      await owned(auth, id);
      await db.transaction((tx) => repo.unpublish(tx, id));
      return toCard((await repo.card(id)) as SceneRow);
    },

    async remove(auth: AuthContext | null, id: string) {
      await owned(auth, id);
      await db.transaction((tx) => repo.deleteScene(tx, id));
      return { sceneId: id, deleted: true };
    },

    async duplicate(auth: AuthContext | null, id: string) {
      const { me, row } = await owned(auth, id);
      // a district's space copies into the same district, for those who may still create there
      const district = row.district_id ? await districtFor(me, row.district_id) : null;
      await assertDraftRoom(me);
      const content = await repo.content(id);
      const copyId = randomUUID();
      const card = toCard(row);
      const title = `${card.title || "Untitled space"} (copy)`.slice(0, SPACE_TITLE_MAX_LENGTH);
      await db.transaction((tx) =>
        repo.insertScene(
          tx,
          { id: copyId, ownerId: me.userId, premadeTemplateId: row.premade_template_id },
          {
            title,
            description: card.description,
            tags: card.tags,
            comments: card.comments,
            adultContent: card.adultContent,
            coverPhotoUri: card.coverPhotoUri,
            photoGallery: card.photoGallery,
            audioUri: card.audioUri,
            thumbnailUri: row.thumbnail_uri,
            publishedPublic: card.publishedPublic,
            privacyACLEnabled: card.privacyACLEnabled,
            userPrivacyACL: card.userPrivacyACL,
            groupPrivacyACL: card.groupPrivacyACL,
            communicationACLEnabled: card.communicationACLEnabled,
            userCommunicationACL: card.userCommunicationACL,
            groupCommunicationACL: card.groupCommunicationACL,
            ...(district ? { districtId: district.districtId } : {}),
          },
          content?.document ?? createEmptySceneDocument(),
        ),
      );
      if (district) await repo.setDistrictSubdomain(db, copyId, district.subdomain);
      return toCard((await repo.card(copyId)) as SceneRow);
    },

    async mySlots(auth: AuthContext | null) {
      const me = assertSignedIn(auth);
      await repo.ensureFreeSlot(me.userId);
      const rows = await repo.slots(me.userId);
      return Promise.all(
        rows.map(async (slot) => {
          const scene = slot.scene_id ? await repo.card(slot.scene_id) : undefined;
          return toSlot(slot, scene ? toCard(scene) : null);
        }),
      );
    },

    async availableSlots(auth: AuthContext | null) {
      const at = now();
      return (await service.mySlots(auth)).filter(
        (slot) =>
          slot.active &&
          slot.sceneId === null &&
          (slot.expiresAt === null || new Date(slot.expiresAt) > at),
      );
    },

    async slot(auth: AuthContext | null, slotId: string) {
      const me = assertSignedIn(auth);
      await repo.ensureFreeSlot(me.userId);
      const slot = await repo.slot(slotId);
      if (!slot) throw new NotFoundError();
      if (slot.owner_id !== me.userId) throw new ForbiddenError();
      const scene = slot.scene_id ? await repo.card(slot.scene_id) : undefined;
      return toSlot(slot, scene ? toCard(scene) : null);
    },

    async communicationAccess(auth: AuthContext | null, id: string) {
      const row = await viewable(auth, id, false);
      let allowed = !row.communication_acl_enabled || auth?.userId === row.owner_id;
      if (!allowed && auth) {
        allowed =
          row.user_communication_acl.includes(auth.userId) ||
          (row.group_communication_acl.length > 0 &&
            (await groupsOf(auth.userId)).some((group) =>
              row.group_communication_acl.includes(group),
            ));
      }
      return { sceneId: id, communicationACLEnabled: row.communication_acl_enabled, allowed };
    },

    async premadeFamilies() {
      const [families, templates] = await Promise.all([
        repo.templateFamilies(),
        repo.templates(null),
      ]);
      return families.map((family) => familyOf(family, templates, false));
    },

    /** A family (by family or template id) with its templates' documents. */
    async premade(id: string) {
      const template = await repo.template(id);
      const familyId = template ? template.family_id : id;
      const family = (await repo.templateFamilies()).find((entry) => entry.id === familyId);
      if (!family) throw new NotFoundError();
      return familyOf(family, await repo.templates(family.id), true);
    },

    countPublishedSpaces: (userId: string) => repo.countPublished(userId),

    /** The scheduled job: free slots past their month unpublish their space. */
    expireFreeSlots: () => repo.expireFreeSlots(now()),

    /** For the social module: a space the caller may see, or 404/403. */
    viewable: (auth: AuthContext | null, id: string) => viewable(auth, id, false),
    present,
  };
  return service;
}

export type ScenesService = ReturnType<typeof createScenesService>;
