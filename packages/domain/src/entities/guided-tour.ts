import { z } from "zod";
import { RotationSchema, ScaleSchema, Vec3Schema } from "../scene/geometry";
import { HexColorSchema, IdSchema, UriSchema } from "./common";

/**
 * A stop of a guided tour (spec 2 §3.8). Bounds is the size of the highlighted box around
 * boundsCenter. The viewer's path shows each point with a name (title), description and
 * duration; the spec lists duration only on the path, so it lives here, in seconds.
 */
export const TourPointSchema = z.object({
  guidedTourPointId: IdSchema,
  guidedTourId: IdSchema,
  order: z.number().int().min(0),
  title: z.string().max(100).default(""),
  description: z.string().max(5000).default(""),
  audioUri: UriSchema.nullable().default(null),
  color: HexColorSchema.default("#3DABFF"),
  position: Vec3Schema,
  rotation: RotationSchema.default([0, 0, 0]),
  scale: ScaleSchema.default([1, 1, 1]),
  bounds: Vec3Schema.default([1, 1, 1]),
  boundsCenter: Vec3Schema.default([0, 0, 0]),
  /** The scene item the point is attached to, if any. */
  instanceTag: z.string().nullable().default(null),
  duration: z.number().int().min(0).max(3599).default(10),
});
export type TourPoint = z.infer<typeof TourPointSchema>;

/** A guided tour (a "path" in the viewer): ordered points through one scene. Duration in seconds. */
export const GuidedTourSchema = z.object({
  guidedTourId: IdSchema,
  sceneId: IdSchema,
  title: z.string().min(1).max(100),
  description: z.string().max(5000).default(""),
  duration: z.number().int().min(0).default(0),
  public: z.boolean().default(true),
  points: z
    .array(TourPointSchema)
    .max(200)
    .default(() => []),
});
export type GuidedTour = z.infer<typeof GuidedTourSchema>;
