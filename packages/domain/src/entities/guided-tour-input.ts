import { z } from "zod";
import { RotationSchema, ScaleSchema, Vec3Schema } from "../scene/geometry";
import { SCENE_DOCUMENT_LIMITS } from "../scene/limits";
import { HexColorSchema, IdSchema, UriSchema } from "./common";
import { GuidedTourSchema, TourPointSchema } from "./guided-tour";

// What a client sends to /api/storyTellingService (spec 2 §3.8, §7.4). The server owns the ids;
// a tour's duration is the sum of its points' durations.

/** Most tours one scene may have (the scene document lists their ids). */
export const GUIDED_TOURS_PER_SCENE_MAX = SCENE_DOCUMENT_LIMITS.maxGuidedTours;
/** Most points one tour may have. */
export const TOUR_POINTS_MAX = 200;

export const TourPointInputSchema = TourPointSchema.extend({
  instanceTag: z.string().max(200).nullable().default(null),
})
  .omit({
    guidedTourPointId: true,
    guidedTourId: true,
    order: true,
  })
  .extend({
    /** Where the point goes in its tour (from 0); the end when left out. */
    order: z.number().int().min(0).max(TOUR_POINTS_MAX).optional(),
  });
export type TourPointInput = z.input<typeof TourPointInputSchema>;

/** POST guidedtourpoint: a point added to a tour. */
export const CreateTourPointRequestSchema = TourPointInputSchema.extend({ guidedTourId: IdSchema });
export type CreateTourPointRequest = z.input<typeof CreateTourPointRequestSchema>;

// the fields again without defaults: a PUT changes only what it names
const pointFields = {
  title: z.string().max(100),
  description: z.string().max(5000),
  audioUri: UriSchema.nullable(),
  color: HexColorSchema,
  position: Vec3Schema,
  rotation: RotationSchema,
  scale: ScaleSchema,
  bounds: Vec3Schema,
  boundsCenter: Vec3Schema,
  instanceTag: z.string().max(200).nullable(),
  duration: z.number().int().min(0).max(3599),
};

/** PUT guidedtourpoint/{id}: the fields to change (a changed order moves the point). */
export const UpdateTourPointRequestSchema = z
  .object(pointFields)
  .partial()
  .extend({ order: z.number().int().min(0).max(TOUR_POINTS_MAX).optional() });
export type UpdateTourPointRequest = z.input<typeof UpdateTourPointRequestSchema>;

/** POST guidedtour: a tour of a scene, with its points in order if given. */
export const CreateGuidedTourRequestSchema = GuidedTourSchema.pick({
  sceneId: true,
  title: true,
  description: true,
  public: true,
}).extend({
  points: z
    .array(TourPointInputSchema.omit({ order: true }))
    .max(TOUR_POINTS_MAX)
    .default(() => []),
});
export type CreateGuidedTourRequest = z.input<typeof CreateGuidedTourRequestSchema>;

/** PUT guidedtour/{id}: title, description, public; `points`, when given, replaces every point in that order. */
export const UpdateGuidedTourRequestSchema = z
  .object({
    title: z.string().min(1).max(100),
    description: z.string().max(5000),
    public: z.boolean(),
  })
  .partial()
  .extend({
    points: z
      .array(TourPointInputSchema.omit({ order: true }))
      .max(TOUR_POINTS_MAX)
      .optional(),
  });
export type UpdateGuidedTourRequest = z.input<typeof UpdateGuidedTourRequestSchema>;
