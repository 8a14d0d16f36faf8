import {
  CreatePartyInvitationSchema,
  PAGE_SIZE_MAX,
  PartyInvitationListSchema,
  PartyInvitationSchema,
  PartyMessageSchema,
  PartySchema,
  SendPartyMessageSchema,
} from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { PartyService } from "./party-service.js";

const Id = z.object({ id: z.string().min(1).max(64) });

/** Parties and party invitations (spec 2 §7.4 communicationInteractionService, issue 19). */
export const partyRoutes: FastifyPluginAsyncZod<{ parties: PartyService }> = async (
  app,
  { parties },
) => {
  const tags = ["communicationInteractionService"];
  const party = "/communicationInteractionService/party";
  const invitation = "/communicationInteractionService/partyinvitation";

  app.post(
    party,
    {
      schema: {
        tags,
        summary: "Start a party led by me (409 when I am in one already)",
        response: { 201: PartySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await parties.create(request.auth)),
  );
  app.get(
    party,
    {
      schema: {
        tags,
        summary: "My parties: none or one (members with their online state, pending invitations)",
        response: { 200: z.array(PartySchema) },
      },
    },
    async (request) => parties.mine(request.auth),
  );
  app.get(
    `${party}/:id`,
    {
      schema: {
        tags,
        summary: "A party (members only)",
        params: Id,
        response: { 200: PartySchema },
      },
    },
    async (request) => parties.get(request.auth, request.params.id),
  );
  app.delete(
    `${party}/:id`,
    {
      schema: { tags, summary: "The leader ends the party for everyone", params: Id },
    },
    async (request, reply) => {
      await parties.disband(request.auth, request.params.id);
      return reply.code(204).send();
    },
  );
  app.post(
    `${party}/:id/leave`,
    {
      schema: {
        tags,
        summary:
          "Leave a party; a leader who leaves hands the lead to the member who joined first, and the last one out ends it",
        params: Id,
      },
    },
    async (request, reply) => {
      await parties.leave(request.auth, request.params.id);
      return reply.code(204).send();
    },
  );
  app.get(
    `${party}/:id/messages`,
    {
      schema: {
        tags,
        summary: "A page of the party chat: cp 0 is the latest page, oldest first within it",
        params: Id,
        querystring: z.object({
          cp: z.coerce.number().int().min(0).max(10_000).default(0),
          ipp: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(50),
        }),
        response: { 200: z.array(PartyMessageSchema) },
      },
    },
    async (request) => parties.messages(request.auth, request.params.id, request.query),
  );
  app.post(
    `${party}/:id/messages`,
    {
      schema: {
        tags,
        summary: "Send a message to the party chat (pushed to the members over liveuserhub)",
        params: Id,
        body: SendPartyMessageSchema,
        response: { 201: PartyMessageSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: 10_000 } },
    },
    async (request, reply) =>
      reply.code(201).send(await parties.send(request.auth, request.params.id, request.body.text)),
  );

  app.post(
    invitation,
    {
      schema: {
        tags,
        summary:
          "Invite someone into my party (a party led by me is started when I have none); told live and in their notifications",
        body: CreatePartyInvitationSchema,
        response: { 201: PartyInvitationSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) =>
      reply.code(201).send(await parties.invite(request.auth, request.body)),
  );
  app.get(
    invitation,
    {
      schema: {
        tags,
        summary: "The party invitations I received and may still answer, newest first",
        response: { 200: PartyInvitationListSchema },
      },
    },
    async (request) => parties.received(request.auth),
  );
  app.get(
    `${invitation}/:id`,
    {
      schema: {
        tags,
        summary: "A party invitation (its inviter or invitee)",
        params: Id,
        response: { 200: PartyInvitationSchema },
      },
    },
    async (request) => parties.invitation(request.auth, request.params.id),
  );
  app.post(
    `${invitation}/:id/accept`,
    {
      schema: {
        tags,
        summary: "Accept: join the party (leaving the one I was in)",
        params: Id,
        response: { 200: PartySchema },
      },
    },
    async (request) => parties.accept(request.auth, request.params.id),
  );
  app.post(
    `${invitation}/:id/decline`,
    { schema: { tags, summary: "Decline a party invitation", params: Id } },
    async (request, reply) => {
      await parties.decline(request.auth, request.params.id);
      return reply.code(204).send();
    },
  );
};
