import {
  NotificationSchema,
  NotificationsPageSchema,
  UnreadNotificationsSchema,
} from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { NotificationsService } from "./service.js";

const NotificationId = z.object({ id: z.string().min(1).max(64) });

/** The notificationService calls (spec 2 §7.4); the live side is the notificationhub. */
export const notificationRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  const tags = ["notificationService"];
  const base = "/notificationService/notification";

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "A page of my notifications, newest first (cp from 0, ipp up to 50)",
        querystring: NotificationsPageSchema,
        response: { 200: z.array(NotificationSchema) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return notifications.list(request.auth, request.query);
    },
  );

  app.get(
    `${base}/unreadcount`,
    {
      schema: {
        tags,
        summary: "How many of my notifications are unread",
        response: { 200: UnreadNotificationsSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return notifications.unreadCount(request.auth);
    },
  );

  app.post(
    `${base}/read`,
    {
      schema: {
        tags,
        summary: "Mark all my notifications read; answers the unread count after",
        response: { 200: UnreadNotificationsSchema },
      },
    },
    async (request) => notifications.markAllRead(request.auth),
  );

  app.post(
    `${base}/:id/read`,
    {
      schema: {
        tags,
        summary: "Mark one of my notifications read (403 for another's)",
        params: NotificationId,
        response: { 200: NotificationSchema },
      },
    },
    async (request) => notifications.markRead(request.auth, request.params.id),
  );
};
