import { randomUUID } from "node:crypto";
import { GroupInputSchema, GroupPatchSchema, messages } from "@atrium/domain";
import { sql } from "drizzle-orm";
import { BadRequestError, ForbiddenError, NotFoundError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import { createAccess, type DistrictsDeps, parseBody, toGroup } from "./common.js";
import type { GroupRow } from "./repo.js";

// Groups (spec 2 §3.9: title, description, image, members): a district's, managed by its
// owner and made of its members, or a user's own. Spaces name them in their privacy and
// communication lists; a group's members are let in (modules/scenes).

export function createGroupsService(deps: DistrictsDeps) {
  const { repo } = deps;
  const access = createAccess(repo);

  async function existing(id: string) {
    const group = await repo.group(id);
    if (!group) throw new NotFoundError();
    return group;
  }

  /** A district's groups are its owner's to change; a user's own group is theirs. */
  async function assertManages(
    auth: AuthContext | null,
    group: Pick<GroupRow, "district_id" | "owner_id">,
  ) {
    const me = assertSignedIn(auth);
    if (group.district_id) await access.manage(me, sql`d.id = ${group.district_id}`);
    else if (group.owner_id !== me.userId) throw new ForbiddenError();
    return me;
  }

  /** Who may see a group: its district's visitors, or its owner and members. */
  async function mayRead(auth: AuthContext | null, group: GroupRow) {
    if (group.district_id) {
      try {
        await access.enter(auth, sql`d.id = ${group.district_id}`);
        return true;
      } catch {
        return false;
      }
    }
    return auth !== null && (group.owner_id === auth.userId || group.members.includes(auth.userId));
  }

  async function assertMembersAllowed(districtId: string | null, members: string[]) {
    const unique = [...new Set(members)];
    const known = districtId
      ? await repo.membersAmong(districtId, unique)
      : await repo.existingUsers(unique);
    if (unique.some((id) => !known.has(id))) {
      const message = districtId
        ? messages.district.groupMembersMustBeMembers
        : messages.errors.notFound;
      throw new BadRequestError(`body.members: ${message}`, [{ path: "body.members", message }]);
    }
    return unique;
  }

  return {
    async ofDistrict(auth: AuthContext | null, districtId: string) {
      await access.enter(auth, sql`d.id = ${districtId}`);
      return (await repo.groups(sql`g.district_id = ${districtId}`)).map(toGroup);
    },

    async create(auth: AuthContext | null, input: unknown) {
      const me = assertSignedIn(auth);
      const districtId =
        input &&
        typeof input === "object" &&
        typeof (input as { districtId?: unknown }).districtId === "string"
          ? (input as { districtId: string }).districtId
          : null;
      // the district's owner only, checked before anything of the body is looked at
      await assertManages(me, { district_id: districtId, owner_id: me.userId });
      const body = parseBody(GroupInputSchema, input);
      const members = await assertMembersAllowed(body.districtId, body.members);
      const id = randomUUID();
      await repo.saveGroup(
        {
          id,
          districtId: body.districtId,
          ownerId: me.userId,
          title: body.title,
          description: body.description,
          image: body.image,
        },
        members,
        true,
      );
      return toGroup(await existing(id));
    },

    async update(auth: AuthContext | null, id: string, input: unknown) {
      const group = await existing(id);
      await assertManages(auth, group);
      const patch = parseBody(GroupPatchSchema, input);
      const members =
        patch.members === undefined
          ? undefined
          : await assertMembersAllowed(group.district_id, patch.members);
      await repo.saveGroup(
        {
          id,
          districtId: group.district_id,
          ownerId: group.owner_id,
          title: patch.title ?? group.title,
          description: patch.description ?? group.description,
          image: patch.image === undefined ? group.image : patch.image,
        },
        members,
        false,
      );
      return toGroup(await existing(id));
    },

    async remove(auth: AuthContext | null, id: string) {
      const group = await existing(id);
      await assertManages(auth, group);
      await repo.deleteGroup(id);
      return { groupId: id, deleted: true as const };
    },

    async members(auth: AuthContext | null, id: string) {
      const group = await existing(id);
      if (!(await mayRead(auth, group))) throw new ForbiddenError();
      return group.members;
    },

    /** Groups the signed-in user manages: their own and those of the districts they own. */
    async my(auth: AuthContext | null) {
      const me = assertSignedIn(auth);
      return (
        await repo.groups(
          sql`(g.district_id IS NULL AND g.owner_id = ${me.userId}) OR g.district_id IN (SELECT id FROM districts WHERE owner_id = ${me.userId})`,
        )
      ).map(toGroup);
    },

    /**
     * A user's own groups (not their districts') on their profile: all of them to the user;
     * to others their titles and sizes, unless the user hides their groups (Settings).
     */
    async ofUser(auth: AuthContext | null, userId: string) {
      const hides = await repo.hidesGroups(userId);
      if (hides === null) throw new NotFoundError();
      if (hides && auth?.userId !== userId)
        throw new ForbiddenError(messages.district.groupsHidden);
      return (await repo.groups(sql`g.district_id IS NULL AND g.owner_id = ${userId}`)).map(
        ({ members, ...group }) => ({
          ...toGroup({ ...group, members: [] }),
          memberCount: members.length,
        }),
      );
    },

    /** Groups the signed-in user belongs to. */
    async me(auth: AuthContext | null) {
      const me = assertSignedIn(auth);
      return (
        await repo.groups(
          sql`EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = g.id AND gm.user_id = ${me.userId})`,
        )
      ).map(toGroup);
    },

    /** Several groups by id (the editor's access lists show their names): those one may see. */
    async many(auth: AuthContext | null, ids: string[]) {
      if (ids.length === 0) return [];
      const rows = await repo.groups(
        sql`g.id = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)))`,
      );
      const visible = [];
      for (const row of rows) if (await mayRead(auth, row)) visible.push(toGroup(row));
      return visible;
    },

    groupsOf: (userId: string) => repo.groupsOf(userId),
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
