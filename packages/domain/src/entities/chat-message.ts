import { z } from "zod";
import { IdSchema, PersonSummarySchema, TimestampSchema } from "./common";

export const CHAT_ALIGNMENTS = ["left", "right"] as const;

/**
 * A chat message (spec 2 §3.1). Alignment depends on who reads it (own messages on the right),
 * so the server leaves it out and the web adds it.
 */
export const ChatMessageSchema = z.object({
  id: IdSchema,
  text: z.string().min(1).max(2000),
  time: TimestampSchema,
  user: PersonSummarySchema,
  alignment: z.enum(CHAT_ALIGNMENTS).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
