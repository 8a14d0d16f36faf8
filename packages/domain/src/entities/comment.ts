import { z } from "zod";
import { IdSchema, PersonSummarySchema, TimestampSchema } from "./common";

type CommentShape = {
  commentId: string;
  parentCommentId: string | null;
  sceneId: string;
  body: string;
  user: z.infer<typeof PersonSummarySchema>;
  edited: boolean;
  createdAt: string;
  updatedAt: string;
  childComments: CommentShape[];
};

/** A scene comment; replies nest in childComments (spec 2 §3.9). */
export const CommentSchema: z.ZodType<CommentShape, unknown> = z.lazy(() =>
  z.object({
    commentId: IdSchema,
    parentCommentId: IdSchema.nullable().default(null),
    sceneId: IdSchema,
    body: z.string().min(1).max(2000),
    user: PersonSummarySchema,
    edited: z.boolean().default(false),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    childComments: z.array(CommentSchema).default(() => []),
  }),
);
export type Comment = z.infer<typeof CommentSchema>;

/** POST scenecomment: a new comment or a reply. */
export const CreateCommentRequestSchema = z.object({
  sceneId: IdSchema,
  parentCommentId: IdSchema.nullable().default(null),
  body: z.string().trim().min(1).max(2000),
});
export type CreateCommentRequest = z.infer<typeof CreateCommentRequestSchema>;
