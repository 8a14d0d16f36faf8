import {
  canEnterDistrict,
  type District,
  type DistrictRole,
  messages,
  parseDistrictStyles,
} from "@atrium/domain";
import type { ZodType } from "zod";
import { BadRequestError, type FieldProblem, ForbiddenError, NotFoundError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import { fileUrl } from "../files/service.js";
import { iso } from "../scenes/rows.js";
import type { DistrictRow, DistrictsRepo, GroupRow, InvitationRow, MemberRow } from "./repo.js";

// What the district use cases share: loading a district with the visitor's role, the access
// checks every service runs first, and the API shapes of rows.

export interface DistrictsDeps {
  repo: DistrictsRepo;
  publicUrl: string;
  now?: () => Date;
}

export interface Visit {
  district: DistrictRow;
  role: DistrictRole | null;
}

export function createAccess(repo: DistrictsRepo) {
  async function load(where: Parameters<DistrictsRepo["district"]>[0]): Promise<DistrictRow> {
    const district = await repo.district(where);
    if (!district) throw new NotFoundError(messages.district.unknownDistrict);
    return district;
  }

  async function visit(auth: AuthContext | null, district: DistrictRow): Promise<Visit> {
    const role = auth ? await repo.roleOf(district.id, auth.userId) : null;
    return { district, role };
  }

  /** A page of districts as the visitor sees them: their role and follow in one query. */
  async function present(auth: AuthContext | null, rows: DistrictRow[]): Promise<District[]> {
    const seen = auth
      ? await repo.rolesOf(
          rows.map((row) => row.id),
          auth.userId,
        )
      : new Map();
    return rows.map((row) => {
      const mine = seen.get(row.id);
      return toDistrict(row, mine?.role ?? null, { follows: mine?.follows ?? false });
    });
  }

  /** Members always; others a public, visible district; else 403 with the spec's words. */
  function assertEnter(found: Visit): Visit {
    if (!found.district.active && found.role === null)
      throw new ForbiddenError(messages.district.noAccess);
    if (!canEnterDistrict(found.district, found.role))
      throw new ForbiddenError(messages.district.noAccess);
    return found;
  }

  return {
    load,
    visit,
    present,
    assertEnter,
    /** The district the visitor may enter, with their role. */
    async enter(auth: AuthContext | null, where: Parameters<DistrictsRepo["district"]>[0]) {
      return assertEnter(await visit(auth, await load(where)));
    },
    /** Signed in and the district's owner (a member of another district is refused too). */
    async manage(auth: AuthContext | null, where: Parameters<DistrictsRepo["district"]>[0]) {
      const me = assertSignedIn(auth);
      const found = assertEnter(await visit(me, await load(where)));
      if (found.role !== "Owner") throw new ForbiddenError(messages.district.ownersOnly);
      return { me, ...found };
    },
  };
}
export type DistrictAccessChecks = ReturnType<typeof createAccess>;

/** Parses what a client sent, after the access checks: 400 naming each field. */
export function parseBody<T>(schema: ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: FieldProblem[] = parsed.error.issues.map((issue) => ({
    path: ["body", ...issue.path.map(String)].join("."),
    message: issue.message,
  }));
  const first = fields[0] as FieldProblem;
  throw new BadRequestError(`${first.path}: ${first.message}`, fields);
}

const picture = (fileId: string | null) => (fileId ? fileUrl(fileId) : null);

export function toMember(row: MemberRow) {
  return {
    userId: row.user_id,
    name: row.name,
    profilePicture: picture(row.picture),
    role: row.role,
  };
}

export function toGroup(row: GroupRow) {
  return {
    groupId: row.id,
    districtId: row.district_id,
    title: row.title,
    description: row.description,
    image: row.image,
    members: row.members,
  };
}

export function toDistrict(
  row: DistrictRow,
  role: DistrictRole | null,
  extras: Partial<Pick<District, "districtMembers" | "groups" | "follows">> = {},
): District {
  return {
    districtId: row.id,
    subdomain: row.subdomain,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    photo: row.photo,
    coverPhoto: row.cover_photo,
    styles: JSON.stringify(parseDistrictStyles(JSON.stringify(row.styles ?? {}))),
    public: row.public,
    visible: row.visible,
    listed: row.listed,
    active: row.active,
    userId: row.owner_id,
    owner: {
      userId: row.owner_id,
      name: row.owner_name,
      profilePicture: picture(row.owner_picture),
    },
    isOwner: role === "Owner",
    districtUserRole: role,
    districtMembers: extras.districtMembers ?? [],
    groups: extras.groups ?? [],
    followers: Number(row.followers),
    follows: extras.follows ?? false,
    socialMedia: row.social_media ?? [],
  };
}

export function toInvitation(row: InvitationRow, now: Date) {
  const expired = new Date(row.expires_at) <= now;
  return {
    invitationId: row.id,
    districtId: row.district_id,
    districtTitle: row.district_title,
    subdomain: row.subdomain,
    email: row.email,
    role: row.role,
    inviterId: row.inviter_id,
    state: row.used_at ? ("used" as const) : expired ? ("expired" as const) : ("pending" as const),
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    usedAt: row.used_at ? iso(row.used_at) : null,
  };
}

/** `https://{subdomain}.{base domain}` on the platform's scheme and port. */
export function districtOrigin(publicUrl: string, subdomain: string): string {
  const url = new URL(publicUrl);
  url.hostname = `${subdomain}.${url.hostname}`;
  return url.origin;
}
