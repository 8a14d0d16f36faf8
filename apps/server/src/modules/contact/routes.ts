import { ComingSoonEmailSchema, ContactFormSchema } from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ContactService } from "./service.js";

const Received = z.object({ received: z.literal(true) });

/** Per visitor (IP): enough to correct and resend a form, not enough to flood the inbox. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: "15 minutes" } as const;
export const COMING_SOON_RATE_LIMIT = { max: 10, timeWindow: "15 minutes" } as const;

export const contactRoutes: FastifyPluginAsyncZod<{ service: ContactService }> = async (
  app,
  { service },
) => {
  app.post(
    "/mailService/contactus/send",
    {
      config: { rateLimit: CONTACT_RATE_LIMIT },
      schema: {
        tags: ["mailService"],
        summary:
          "Send the contact form to the team. A missing or bad field answers 400 with the spec's message for it, and nothing is sent. Rate-limited per IP.",
        body: ContactFormSchema,
        response: { 202: Received },
      },
    },
    async (request, reply) => {
      await service.sendContactMessage(request.body, { ip: request.ip ?? null });
      return reply.status(202).send({ received: true });
    },
  );

  app.post(
    "/mailService/comingsoon/subscribe",
    {
      config: { rateLimit: COMING_SOON_RATE_LIMIT },
      schema: {
        tags: ["mailService"],
        summary:
          "Leave an e-mail address on the coming-soon page (required and valid). The answer is the same whether or not the address was already there.",
        body: ComingSoonEmailSchema,
        response: { 202: Received },
      },
    },
    async (request, reply) => {
      await service.signUpForComingSoon(request.body.email);
      return reply.status(202).send({ received: true });
    },
  );
};
