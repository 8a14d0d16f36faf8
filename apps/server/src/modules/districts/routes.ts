import {
  AcceptedInvitationSchema,
  CreateDistrictResponseSchema,
  CreatedInvitationSchema,
  DistrictAccessSchema,
  DistrictFollowStateSchema,
  DistrictSchema,
  DistrictSearchQuerySchema,
  DistrictSlotSchema,
  GroupSchema,
  GroupSummarySchema,
  IdSchema,
  InvitationSchema,
  MemberSchema,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  SubdomainAvailabilitySchema,
} from "@atrium/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readTextForm } from "../assets/multipart.js";
import type { DistrictFollowsService } from "./follows.js";
import type { GroupsService } from "./groups.js";
import type { MembersService } from "./members.js";
import type { DistrictsService } from "./service.js";
import type { DistrictSlotsService } from "./slots.js";

// /api/userService district and group calls (spec 2 §7.1, §7.4) and the district follows of
// /api/socialInteractionService. Thin: the services check access first, then parse bodies
// with the domain's schemas, so a hand-made request gets the wizard's messages.

const Id = z.object({ id: IdSchema });
const Page = z.object({
  cp: z.coerce.number().int().min(0).max(10_000).default(0),
  ipp: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
// up to 63 characters reach the service, which answers with the wizard's message
const Subdomain = z.object({ subdomain: z.string().min(1).max(63) });
const AnyBody = z.record(z.string(), z.unknown());
const Removed = z.object({ districtId: IdSchema, userId: IdSchema, removed: z.literal(true) });

/** The create call is multipart in the spec (its fields are text); JSON is read as well. */
async function readFields(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) return request.body ?? {};
  return readTextForm(request, { fields: 20, fieldSize: 2000 });
}

export const districtsRoutes: FastifyPluginAsyncZod<{
  districts: DistrictsService;
  members: MembersService;
  groups: GroupsService;
  follows: DistrictFollowsService;
  slots: DistrictSlotsService;
}> = async (app, { districts, members, groups, follows, slots }) => {
  const tags = ["userService"];
  const base = "/userService/district";
  // the server's own time of each call (bench/benches/search.ts reads it for the districts tab)
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("server-timing", `app;dur=${reply.elapsedTime.toFixed(1)}`);
    return payload;
  });

  app.post(
    "/userService/user-management/districts",
    {
      schema: {
        tags,
        summary:
          "Create a district (Pro only): multipart or JSON with title, subdomain, public, visible, listed and freeSpaceTemplateId; the free premade space becomes its first draft",
        response: { 201: CreateDistrictResponseSchema },
      },
    },
    async (request, reply) => {
      // signed in and Pro before the body is read
      districts.assertMayCreate(request.auth);
      const input = await readFields(request);
      return reply.status(201).send(await districts.create(request.auth, input));
    },
  );

  for (const path of [
    `${base}/available/:subdomain`,
    `${base}/subdomain/:subdomain/availability`,
  ]) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary:
            "Whether a subdomain is free: 200 when it is, 400 with the wizard's message when malformed, 409 'This district's title is already taken' when taken",
          params: Subdomain,
          response: { 200: SubdomainAvailabilitySchema },
        },
      },
      async (request) => districts.availability(request.params.subdomain),
    );
  }

  app.get(
    `${base}/access/:subdomain`,
    {
      schema: {
        tags,
        summary:
          "What a district subdomain shows first: whether the visitor may enter, their role and whether they may create spaces (404 for an unknown subdomain)",
        params: Subdomain,
        response: { 200: DistrictAccessSchema },
      },
    },
    async (request) => districts.accessBySubdomain(request.auth, request.params.subdomain),
  );

  app.get(
    `${base}/districtAccess/:id`,
    {
      schema: {
        tags,
        summary: "The same access answer by district id",
        params: Id,
        response: { 200: DistrictAccessSchema },
      },
    },
    async (request) => districts.accessById(request.auth, request.params.id),
  );

  const InfoQuery = z.object({
    subdomain: z.string().min(1).max(63).optional(),
    id: IdSchema.optional(),
  });
  app.get(
    `${base}/info`,
    {
      schema: {
        tags,
        summary:
          "A district's page data by subdomain or id (403 'You don't have access to this District' when private or hidden)",
        querystring: InfoQuery,
        response: { 200: DistrictSchema },
      },
    },
    async (request) => districts.info(request.auth, request.query),
  );
  app.get(
    `${base}/info/auth`,
    {
      schema: {
        tags,
        summary: "The same for a signed-in visitor, with their role (401 when signed out)",
        querystring: InfoQuery,
        response: { 200: DistrictSchema },
      },
    },
    async (request) => districts.info(districts.signedIn(request.auth), request.query),
  );

  app.get(
    `${base}/search`,
    {
      schema: {
        tags,
        summary:
          "Explore's districts: public, visible and listed districts (and the visitor's own), by prefix of title, subtitle or description",
        querystring: DistrictSearchQuerySchema,
        response: { 200: z.array(DistrictSchema) },
      },
    },
    async (request) => districts.search(request.auth, request.query),
  );

  app.get(
    `${base}/my`,
    {
      schema: {
        tags,
        summary: "The districts the signed-in user owns",
        querystring: Page,
        response: { 200: z.array(DistrictSchema) },
      },
    },
    async (request) => districts.my(request.auth, request.query),
  );

  app.get(
    `${base}/me`,
    {
      schema: {
        tags,
        summary: "The districts the signed-in user belongs to as Creator or Guest",
        querystring: Page,
        response: { 200: z.array(DistrictSchema) },
      },
    },
    async (request) => districts.me(request.auth, request.query),
  );

  app.get(
    `${base}/:id/full`,
    {
      schema: {
        tags,
        summary: "A district with its members and groups",
        params: Id,
        response: { 200: DistrictSchema },
      },
    },
    async (request) => districts.full(request.auth, request.params.id),
  );

  app.get(
    `${base}/:id/admin`,
    {
      schema: {
        tags,
        summary: "The owner's view of a district (403 for anyone else)",
        params: Id,
        response: { 200: DistrictSchema },
      },
    },
    async (request) => districts.admin(request.auth, request.params.id),
  );

  app.patch(
    `${base}/:id/admin`,
    {
      schema: {
        tags,
        summary:
          "The owner changes settings: title, subtitle, description, photo, cover photo, styles (theme colour, font), social media, public, visible, listed",
        params: Id,
        body: AnyBody,
        response: { 200: DistrictSchema },
      },
    },
    async (request) => districts.updateSettings(request.auth, request.params.id, request.body),
  );

  app.get(
    `${base}/:id/members`,
    {
      schema: {
        tags,
        summary: "A district's members with their roles",
        params: Id,
        response: { 200: z.array(MemberSchema) },
      },
    },
    async (request) => members.members(request.auth, request.params.id),
  );

  const MemberParams = z.object({ id: IdSchema, userId: IdSchema });
  app.get(
    `${base}/:id/member/:userId`,
    {
      schema: {
        tags,
        summary: "One member",
        params: MemberParams,
        response: { 200: MemberSchema },
      },
    },
    async (request) => members.member(request.auth, request.params.id, request.params.userId),
  );

  app.patch(
    `${base}/:id/member/:userId`,
    {
      schema: {
        tags,
        summary: "The owner gives a member the role Creator or Guest",
        params: MemberParams,
        body: AnyBody,
        response: { 200: MemberSchema },
      },
    },
    async (request) =>
      members.setRole(request.auth, request.params.id, request.params.userId, request.body),
  );

  app.delete(
    `${base}/:id/member/:userId`,
    {
      schema: {
        tags,
        summary: "The owner removes a member, or a member leaves (the owner stays)",
        params: MemberParams,
        response: { 200: Removed },
      },
    },
    async (request) => members.remove(request.auth, request.params.id, request.params.userId),
  );

  app.post(
    `${base}/:id/invite`,
    {
      schema: {
        tags,
        summary:
          "The owner invites by e-mail (role Creator or Guest); the answer carries the link once, the e-mail carries it too",
        params: Id,
        body: AnyBody,
        response: { 201: CreatedInvitationSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await members.invite(request.auth, request.params.id, request.body)),
  );

  app.get(
    `${base}/:id/invite`,
    {
      schema: {
        tags,
        summary: "The owner's list of a district's invitations (pending, used, expired)",
        params: Id,
        response: { 200: z.array(InvitationSchema) },
      },
    },
    async (request) => members.invitations(request.auth, request.params.id),
  );

  app.delete(
    `${base}/:id/invite/:invitationId`,
    {
      schema: {
        tags,
        summary:
          "The owner revokes an invitation not used yet (its link stops working); 409 when already used",
        params: z.object({ id: IdSchema, invitationId: IdSchema }),
        response: { 200: z.object({ invitationId: IdSchema, revoked: z.literal(true) }) },
      },
    },
    async (request) =>
      members.revokeInvitation(request.auth, request.params.id, request.params.invitationId),
  );

  app.get(
    `${base}/:id/slots`,
    {
      schema: {
        tags,
        summary:
          "A district's space slots and who holds them: the owner all, a creator their own (403 for guests and others)",
        params: Id,
        response: { 200: z.array(DistrictSlotSchema) },
      },
    },
    async (request) => slots.slots(request.auth, request.params.id),
  );

  app.patch(
    `${base}/:id/slots/:slotId`,
    {
      schema: {
        tags,
        summary:
          "The owner gives a slot to a member who may create (Owner or Creator); 409 while it holds a published space",
        params: z.object({ id: IdSchema, slotId: IdSchema }),
        body: AnyBody,
        response: { 200: DistrictSlotSchema },
      },
    },
    async (request) =>
      slots.allocate(request.auth, request.params.id, request.params.slotId, request.body),
  );

  app.get(
    `${base}/invitation/my`,
    {
      schema: {
        tags,
        summary: "Open invitations addressed to the signed-in user's e-mail",
        response: { 200: z.array(InvitationSchema) },
      },
    },
    async (request) => members.myInvitations(request.auth),
  );

  app.post(
    `${base}/invitation/:id/accept`,
    {
      schema: {
        tags,
        summary: "Accept an invitation addressed to the signed-in user's e-mail, by its id",
        params: Id,
        response: { 200: AcceptedInvitationSchema },
      },
    },
    async (request) => members.acceptById(request.auth, request.params.id),
  );

  app.post(
    `${base}/accept-invitation/:invitationCode`,
    {
      schema: {
        tags,
        summary:
          "Accept the invitation link's code (invitation_code): 400 when not valid, 410 when used or expired",
        params: z.object({ invitationCode: z.string().min(1).max(200) }),
        response: { 200: AcceptedInvitationSchema },
      },
    },
    async (request) => members.acceptCode(request.auth, request.params.invitationCode),
  );

  // groups

  const groupTags = ["userService"];
  app.get(
    "/userService/group/district/:id",
    {
      schema: {
        tags: groupTags,
        summary: "A district's groups",
        params: Id,
        response: { 200: z.array(GroupSchema) },
      },
    },
    async (request) => groups.ofDistrict(request.auth, request.params.id),
  );
  app.post(
    "/userService/group",
    {
      schema: {
        tags: groupTags,
        summary:
          "Create a group: a district's (its owner; members must be its members) or one's own (districtId null)",
        body: AnyBody,
        response: { 201: GroupSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await groups.create(request.auth, request.body)),
  );
  app.patch(
    "/userService/group/:id",
    {
      schema: {
        tags: groupTags,
        summary: "Change a group's title, description, image or members",
        params: Id,
        body: AnyBody,
        response: { 200: GroupSchema },
      },
    },
    async (request) => groups.update(request.auth, request.params.id, request.body),
  );
  app.delete(
    "/userService/group/:id",
    {
      schema: {
        tags: groupTags,
        summary: "Delete a group",
        params: Id,
        response: { 200: z.object({ groupId: IdSchema, deleted: z.literal(true) }) },
      },
    },
    async (request) => groups.remove(request.auth, request.params.id),
  );
  app.get(
    "/userService/group/:id/members",
    {
      schema: {
        tags: groupTags,
        summary: "A group's member ids",
        params: Id,
        response: { 200: z.array(IdSchema) },
      },
    },
    async (request) => groups.members(request.auth, request.params.id),
  );
  app.get(
    "/userService/group/my",
    {
      schema: {
        tags: groupTags,
        summary: "Groups the signed-in user manages",
        response: { 200: z.array(GroupSchema) },
      },
    },
    async (request) => groups.my(request.auth),
  );
  app.get(
    "/userService/group/user/:id",
    {
      schema: {
        tags: groupTags,
        summary:
          "A user's own groups (not their districts') for their profile: titles and sizes; 403 when the user hides their groups from others",
        params: Id,
        response: { 200: z.array(GroupSummarySchema) },
      },
    },
    async (request) => groups.ofUser(request.auth, request.params.id),
  );
  app.get(
    "/userService/group/me",
    {
      schema: {
        tags: groupTags,
        summary: "Groups the signed-in user belongs to",
        response: { 200: z.array(GroupSchema) },
      },
    },
    async (request) => groups.me(request.auth),
  );
  app.get(
    "/userService/group/many",
    {
      schema: {
        tags: groupTags,
        summary: "Groups by id (comma-separated ids), those the visitor may see",
        querystring: z.object({ ids: z.string().max(4000).default("") }),
        response: { 200: z.array(GroupSchema) },
      },
    },
    async (request) =>
      groups.many(
        request.auth,
        request.query.ids
          .split(",")
          .map((id) => id.trim())
          .filter((id) => id.length > 0 && id.length <= 64)
          .slice(0, 100),
      ),
  );

  // district follows

  const social = "/socialInteractionService/districtfollow";
  const socialTags = ["socialInteractionService"];
  app.post(
    social,
    {
      schema: {
        tags: socialTags,
        summary: "Follow a district (never one's own)",
        body: z.object({ districtId: IdSchema }),
        response: { 200: DistrictFollowStateSchema },
      },
    },
    async (request) => follows.follow(request.auth, request.body.districtId),
  );
  app.delete(
    `${social}/district/:id`,
    {
      schema: {
        tags: socialTags,
        summary: "Unfollow a district",
        params: Id,
        response: { 200: DistrictFollowStateSchema },
      },
    },
    async (request) => follows.unfollow(request.auth, request.params.id),
  );
  for (const path of [`${social}/district/:id`, `${social}/district/:id/doesfollow`]) {
    app.get(
      path,
      {
        schema: {
          tags: socialTags,
          summary: "Whether the visitor follows the district, and its follower count",
          params: Id,
          response: { 200: DistrictFollowStateSchema },
        },
      },
      async (request) => follows.state(request.auth, request.params.id),
    );
  }
  app.get(
    `${social}/user/:id`,
    {
      schema: {
        tags: socialTags,
        summary: "The districts a user follows, as far as the visitor may see them",
        params: Id,
        querystring: Page,
        response: { 200: z.array(DistrictSchema) },
      },
    },
    async (request) => follows.followedBy(request.auth, request.params.id, request.query),
  );
};
