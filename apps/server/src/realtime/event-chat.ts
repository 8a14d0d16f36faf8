import {
  eventMessages,
  eventPhase,
  type HubError,
  type LiveUserHubServerEvents,
  type SendEventMessageSchema,
} from "@atrium/domain";
import type { Namespace, Socket } from "socket.io";
import type { z } from "zod";
import type { RelationsService } from "../modules/communication/relations.js";
import type { EventsService } from "../modules/events/service.js";
import type { Placement } from "./presence.js";

/** What the event chat needs of a liveuserhub connection's state. */
export interface EventChatVisitor {
  visitor: { userId: string; name: string; profilePicture: string | null };
  placement: Placement | null;
  canChat: boolean;
}

const sceneRoom = (sceneId: string) => `scene:${sceneId}`;
const personRoom = (userId: string) => `user:${userId}`;

/**
 * An event's chat (issue 19, the chat sidebar's Event tab): a visitor of the event's space (any
 * of its instances) writes while the event is live; the message is kept and sent to every
 * visitor of the space, on every app instance, except those who blocked the writer. The same
 * communication ACL, owner's mutes and chat lock, and rate as the public chat (shared with it).
 */
export function createEventChat(deps: {
  nsp: Namespace;
  events: Pick<EventsService, "byId" | "addMessage">;
  relations: Pick<RelationsService, "blockersOf">;
  overRate(state: EventChatVisitor): boolean;
  /** The owner's moderation: why this visitor may not write now (muted, chat locked), or null. */
  refusal(state: EventChatVisitor): string | null;
  now?: () => number;
}) {
  const { nsp, events, relations } = deps;
  const now = deps.now ?? (() => Date.now());
  const refused = (code: HubError["code"], message: string): HubError => ({
    code,
    method: "SendEventMessage",
    message,
  });

  return {
    handlers: {
      async SendEventMessage(
        _socket: Socket,
        state: EventChatVisitor,
        { eventId, text }: z.infer<typeof SendEventMessageSchema>,
      ): Promise<Record<string, unknown> | HubError> {
        const placement = state.placement;
        if (!placement) return refused("not-in-instance", eventMessages.notInSpace);
        if (!state.canChat) return refused("not-allowed", "Communications are disabled");
        const refusal = deps.refusal(state);
        if (refusal) return refused("not-allowed", refusal);
        const event = await events.byId(eventId);
        if (!event || event.sceneId !== placement.sceneId) {
          return refused("not-found", "No such event in this space");
        }
        if (eventPhase(event, now()) !== "live") {
          return refused("not-allowed", eventMessages.notLive);
        }
        if (deps.overRate(state))
          return refused("rate-limited", "Too many messages; wait a moment");
        const message = await events.addMessage(eventId, state.visitor, text);
        const blockers = await relations.blockersOf(state.visitor.userId);
        const payload: LiveUserHubServerEvents["EventMessage"] = message;
        nsp
          .to(sceneRoom(placement.sceneId))
          .except(blockers.map(personRoom))
          .emit("EventMessage", payload);
        return { id: message.id };
      },
    },
  };
}
