import { randomUUID } from "node:crypto";
import {
  CreateDistrictRequestSchema,
  canCreateInDistrict,
  canEnterDistrict,
  canOwnDistrict,
  type District,
  type DistrictAccess,
  DistrictSettingsPatchSchema,
  districtTitleKey,
  messages,
  spacesMessages,
  subdomainKey,
  validateSubdomain,
} from "@atrium/domain";
import { type SQL, sql } from "drizzle-orm";
import { AppError, BadRequestError, ForbiddenError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import { createAnswerCache } from "../../infra/answer-cache.js";
import { prefixTsQuery } from "../scenes/service.js";
import {
  createAccess,
  type DistrictsDeps,
  parseBody,
  toDistrict,
  toGroup,
  toMember,
  type Visit,
} from "./common.js";
import { districtOpenTo } from "./visibility.js";

// Districts themselves: creation (Pro only), the district site's first question (access),
// search, the account's lists and the owner's settings.

export interface DistrictsServiceDeps extends DistrictsDeps {
  /** Whether a premade space exists (the free one a new district starts with). */
  templateExists: (templateId: string) => Promise<boolean>;
  /** Creates the free premade space as a draft of the new district. */
  createDistrictSpace: (
    auth: AuthContext,
    districtId: string,
    templateId: string,
  ) => Promise<{ sceneId: string }>;
  /** How long a signed-out visitor's district search is answered from memory (SEARCH_CACHE_MS). */
  searchCacheMs?: number;
}

const taken = (fields: ("title" | "subdomain")[]) =>
  new AppError(
    409,
    "Conflict",
    messages.district.titleTaken,
    fields.map((field) => ({ path: `body.${field}`, message: messages.district.titleTaken })),
  );

function isUniqueViolation(error: unknown) {
  const code =
    (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === "23505";
}

export function createDistrictsService(deps: DistrictsServiceDeps) {
  const { repo } = deps;
  const searchCache = createAnswerCache<District[]>(deps.searchCacheMs ?? 0);
  const access = createAccess(repo);
  const byId = (id: string) => sql`d.id = ${id}`;
  const bySubdomain = (subdomain: string) => sql`d.subdomain = ${subdomainKey(subdomain)}`;

  /** Whether the signed-in visitor follows the district (signed out: no one to ask about). */
  async function follows(auth: AuthContext | null, found: Visit): Promise<boolean> {
    if (!auth) return false;
    return (await repo.followState(found.district.id, auth.userId)).follows;
  }

  async function list(where: SQL, cp: number, ipp: number) {
    return repo.districts(where, sql.raw("d.created_at DESC, d.id DESC"), ipp, cp * ipp);
  }

  async function accessAnswer(auth: AuthContext | null, where: SQL): Promise<DistrictAccess> {
    const found = await access.visit(auth, await access.load(where));
    let allowed = true;
    try {
      access.assertEnter(found);
    } catch {
      allowed = false;
    }
    return {
      districtId: found.district.id,
      subdomain: found.district.subdomain,
      title: allowed ? found.district.title : "",
      access: allowed,
      role: found.role,
      isOwner: found.role === "Owner",
      canCreateSpaces: canCreateInDistrict(found.role),
      message: allowed ? null : messages.district.noAccess,
    };
  }

  /** The owner's view: the district with its members and groups. */
  async function admin(auth: AuthContext | null, id: string) {
    const found = await access.manage(auth, byId(id));
    const [members, groups] = await Promise.all([
      repo.members(id),
      repo.groups(sql`g.district_id = ${id}`),
    ]);
    return toDistrict(found.district, found.role, {
      districtMembers: members.map(toMember),
      groups: groups.map(toGroup),
    });
  }

  function assertMayCreate(auth: AuthContext | null) {
    const me = assertSignedIn(auth);
    if (!canOwnDistrict(me.plan)) throw new ForbiddenError(messages.district.proNeeded);
    return me;
  }

  return {
    access,
    assertMayCreate,
    /** 401 when signed out (the info/auth call). */
    signedIn: (auth: AuthContext | null) => assertSignedIn(auth),

    /**
     * The wizard's submission (spec 2 §7.1): Pro first (403 otherwise), then the same rules
     * and messages as the wizard, then availability; the district, its owner's membership and
     * its free premade space (a draft of the district) are made together.
     */
    async create(auth: AuthContext | null, input: unknown) {
      const me = assertMayCreate(auth);
      const body = parseBody(CreateDistrictRequestSchema, input);
      if (!(await deps.templateExists(body.freeSpaceTemplateId))) {
        throw new BadRequestError(`body.freeSpaceTemplateId: ${spacesMessages.unknownTemplate}`, [
          { path: "body.freeSpaceTemplateId", message: spacesMessages.unknownTemplate },
        ]);
      }
      const titleKey = districtTitleKey(body.title);
      const subdomain = subdomainKey(body.subdomain);
      const clash = await repo.taken(subdomain, titleKey);
      const clashes = [
        ...(clash.title ? (["title"] as const) : []),
        ...(clash.subdomain ? (["subdomain"] as const) : []),
      ];
      if (clashes.length > 0) throw taken(clashes);
      const districtId = randomUUID();
      try {
        await repo.db.transaction((tx) =>
          repo.insertDistrict(tx, {
            id: districtId,
            ownerId: me.userId,
            title: body.title.trim(),
            titleKey,
            subdomain,
            public: body.public,
            visible: body.visible,
            listed: body.listed,
            freeSpaceTemplateId: body.freeSpaceTemplateId,
          }),
        );
      } catch (error) {
        // two wizards submitting the same name at once: the unique index decides
        if (isUniqueViolation(error)) throw taken(["title", "subdomain"]);
        throw error;
      }
      const space = await deps.createDistrictSpace(me, districtId, body.freeSpaceTemplateId);
      return { districtId, subdomain, freeSceneId: space.sceneId };
    },

    /** 200 when free; 400 with the wizard's message when malformed; 409 when taken. */
    async availability(subdomain: string) {
      const message = validateSubdomain(subdomain);
      if (message !== null) {
        throw new BadRequestError(`subdomain: ${message}`, [{ path: "params.subdomain", message }]);
      }
      const clash = await repo.taken(subdomainKey(subdomain), null);
      if (clash.subdomain) throw taken(["subdomain"]);
      return { subdomain, available: true as const };
    },

    /** What a district subdomain shows first: the district, or why not (never a 500). */
    accessBySubdomain: (auth: AuthContext | null, subdomain: string) =>
      accessAnswer(auth, bySubdomain(subdomain)),

    accessById: (auth: AuthContext | null, id: string) => accessAnswer(auth, byId(id)),

    /** The district page's data (info: by subdomain, or by id). */
    async info(auth: AuthContext | null, where: { subdomain?: string; id?: string }) {
      if (!where.subdomain && !where.id) {
        throw new BadRequestError("querystring: subdomain or id is required", [
          { path: "querystring.subdomain", message: messages.forms.required },
        ]);
      }
      const found = await access.enter(
        auth,
        where.id ? byId(where.id) : bySubdomain(where.subdomain as string),
      );
      return toDistrict(found.district, found.role, { follows: await follows(auth, found) });
    },

    /** The district with its members and groups, for those who may enter it. */
    async full(auth: AuthContext | null, id: string) {
      const found = await access.enter(auth, byId(id));
      const [members, groups, follow] = await Promise.all([
        repo.members(id),
        repo.groups(sql`g.district_id = ${id}`),
        follows(auth, found),
      ]);
      return toDistrict(found.district, found.role, {
        districtMembers: members.map(toMember),
        groups: groups.map(toGroup),
        follows: follow,
      });
    },

    admin,

    async updateSettings(auth: AuthContext | null, id: string, input: unknown) {
      await access.manage(auth, byId(id));
      const patch = parseBody(DistrictSettingsPatchSchema, input);
      const sets: SQL[] = [];
      if (patch.title !== undefined) {
        const titleKey = districtTitleKey(patch.title);
        const clash = await repo.district(sql`d.title_key = ${titleKey} AND d.id <> ${id}`);
        if (clash) throw taken(["title"]);
        sets.push(sql`title = ${patch.title.trim()}, title_key = ${titleKey}`);
      }
      const simple: [keyof typeof patch, string][] = [
        ["subtitle", "subtitle"],
        ["description", "description"],
        ["photo", "photo"],
        ["coverPhoto", "cover_photo"],
        ["public", "public"],
        ["visible", "visible"],
        ["listed", "listed"],
      ];
      for (const [key, column] of simple) {
        const value = patch[key];
        if (value !== undefined)
          sets.push(sql`${sql.raw(column)} = ${value as string | boolean | null}`);
      }
      if (patch.styles !== undefined)
        sets.push(sql`styles = ${JSON.stringify(patch.styles)}::jsonb`);
      if (patch.socialMedia !== undefined)
        sets.push(sql`social_media = ${JSON.stringify(patch.socialMedia)}::jsonb`);
      try {
        await repo.updateDistrict(id, sets);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(["title"]);
        throw error;
      }
      return admin(auth, id);
    },

    /** Explore's districts tab: listed districts (members also find their unlisted ones). */
    async search(
      auth: AuthContext | null,
      options: { q: string; cp: number; ipp: number; ownerId?: string | undefined },
    ) {
      const tsquery = prefixTsQuery(options.q);
      const searchNow = async () => {
        const parts = [districtOpenTo(auth?.userId ?? null, "listed")];
        if (options.ownerId) parts.push(sql`d.owner_id = ${options.ownerId}`);
        if (tsquery) parts.push(sql`d.search_vector @@ to_tsquery('simple', ${tsquery})`);
        const rows = await list(sql.join(parts, sql` AND `), options.cp, options.ipp);
        return access.present(auth, rows);
      };
      // every signed-out visitor sees the same listed districts, as with explore's spaces
      if (auth !== null) return searchNow();
      const key = JSON.stringify([tsquery, options.cp, options.ipp, options.ownerId ?? null]);
      return searchCache.through(key, searchNow);
    },

    /** The districts the signed-in user owns ("my districts"). */
    async my(auth: AuthContext | null, page: { cp: number; ipp: number }) {
      const me = assertSignedIn(auth);
      const rows = await list(sql`d.owner_id = ${me.userId}`, page.cp, page.ipp);
      return rows.map((row) => toDistrict(row, "Owner"));
    },

    /** The districts the signed-in user belongs to as creator or guest ("others' districts"). */
    async me(auth: AuthContext | null, page: { cp: number; ipp: number }) {
      const me = assertSignedIn(auth);
      const rows = await list(
        sql`d.owner_id <> ${me.userId} AND EXISTS (SELECT 1 FROM district_members m WHERE m.district_id = d.id AND m.user_id = ${me.userId})`,
        page.cp,
        page.ipp,
      );
      return access.present(me, rows);
    },

    /** For the scenes module: the visitor's role in a district they may enter (else 404/403). */
    async visitorRole(auth: AuthContext | null, districtId: string) {
      return (await access.enter(auth, byId(districtId))).role;
    },

    /** For the scenes module: whether the visitor may reach the district's spaces. */
    async allows(userId: string | null, districtId: string) {
      const district = await repo.district(byId(districtId));
      if (!district) return false;
      const role = userId ? await repo.roleOf(districtId, userId) : null;
      return canEnterDistrict(district, role) && (district.active || role !== null);
    },

    /** For the scenes module: the district's subdomain when the user may create spaces in it. */
    async creatorIn(userId: string, districtId: string) {
      const district = await repo.district(byId(districtId));
      if (!district) return null;
      const role = await repo.roleOf(districtId, userId);
      return canCreateInDistrict(role) ? { subdomain: district.subdomain } : null;
    },
  };
}

export type DistrictsService = ReturnType<typeof createDistrictsService>;
