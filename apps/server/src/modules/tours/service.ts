import {
  type CreateGuidedTourRequestSchema,
  type CreateTourPointRequestSchema,
  GUIDED_TOURS_PER_SCENE_MAX,
  type GuidedTour,
  TOUR_POINTS_MAX,
  type TourPoint,
  type TourPointInputSchema,
  type UpdateGuidedTourRequestSchema,
  type UpdateTourPointRequestSchema,
} from "@atrium/domain";
import type { z } from "zod";
import type { GuidedTourPointRow, GuidedTourRow } from "../../db/schema/index.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import type { NewPoint, ToursRepo } from "./repo.js";

// Guided tours (spec 2 §3.8): the owner of a scene writes its tours; whoever may visit the
// scene reads them (a tour marked not public only its owner). Access to the scene itself is the
// spaces module's rule, reached through `SceneGate`.

export interface SceneGate {
  /** The scene when the caller may visit it; NotFoundError or ForbiddenError otherwise. */
  viewable(auth: AuthContext | null, sceneId: string): Promise<{ owner_id: string }>;
}

export const toursMessages = {
  tooManyTours: `A space can have at most ${GUIDED_TOURS_PER_SCENE_MAX} paths`,
  tooManyPoints: `A path can have at most ${TOUR_POINTS_MAX} points`,
} as const;

type PointInput = Omit<z.infer<typeof TourPointInputSchema>, "order">;

function pointValues(input: PointInput): Omit<NewPoint, "id"> {
  return {
    title: input.title,
    description: input.description,
    audioUri: input.audioUri,
    color: input.color,
    position: input.position,
    rotation: input.rotation,
    scale: input.scale,
    bounds: input.bounds,
    boundsCenter: input.boundsCenter,
    instanceTag: input.instanceTag,
    duration: input.duration,
  };
}

function toPoint(row: GuidedTourPointRow): TourPoint {
  return {
    guidedTourPointId: row.id,
    guidedTourId: row.tourId,
    order: row.sortOrder,
    title: row.title,
    description: row.description,
    audioUri: row.audioUri,
    color: row.color,
    position: row.position,
    rotation: row.rotation,
    scale: row.scale,
    bounds: row.bounds,
    boundsCenter: row.boundsCenter,
    instanceTag: row.instanceTag,
    duration: row.duration,
  };
}

function toTour(row: GuidedTourRow, points: GuidedTourPointRow[]): GuidedTour {
  const own = points.filter((point) => point.tourId === row.id).map(toPoint);
  return {
    guidedTourId: row.id,
    sceneId: row.sceneId,
    title: row.title,
    description: row.description,
    public: row.public,
    duration: own.reduce((sum, point) => sum + point.duration, 0),
    points: own,
  };
}

export function createToursService(repo: ToursRepo, scenes: SceneGate) {
  /** The tour when the caller may read it; a tour not public is hidden from all but the owner. */
  async function readable(auth: AuthContext | null, tourId: string) {
    const tour = await repo.tour(tourId);
    if (!tour) throw new NotFoundError();
    const scene = await scenes.viewable(auth, tour.sceneId);
    const owner = auth?.userId === scene.owner_id;
    if (!tour.public && !owner) throw new NotFoundError();
    return tour;
  }

  async function assertOwner(auth: AuthContext | null, sceneId: string) {
    const me = assertSignedIn(auth);
    const scene = await scenes.viewable(me, sceneId);
    if (scene.owner_id !== me.userId) throw new ForbiddenError();
    return me;
  }

  async function writable(auth: AuthContext | null, tourId: string) {
    const me = assertSignedIn(auth);
    const tour = await repo.tour(tourId);
    if (!tour) throw new NotFoundError();
    await assertOwner(me, tour.sceneId);
    return tour;
  }

  async function full(tourId: string) {
    const tour = await repo.tour(tourId);
    if (!tour) throw new NotFoundError();
    return toTour(tour, await repo.pointsOf([tourId]));
  }

  return {
    /** The scene's tours with their points, oldest first. */
    async listForScene(auth: AuthContext | null, sceneId: string): Promise<GuidedTour[]> {
      const scene = await scenes.viewable(auth, sceneId);
      const owner = auth?.userId === scene.owner_id;
      const tours = (await repo.toursOfScene(sceneId)).filter((tour) => owner || tour.public);
      const points = await repo.pointsOf(tours.map((tour) => tour.id));
      return tours.map((tour) => toTour(tour, points));
    },

    async get(auth: AuthContext | null, tourId: string): Promise<GuidedTour> {
      await readable(auth, tourId);
      return full(tourId);
    },

    async create(
      auth: AuthContext | null,
      input: z.infer<typeof CreateGuidedTourRequestSchema>,
    ): Promise<GuidedTour> {
      await assertOwner(auth, input.sceneId);
      if ((await repo.countTours(input.sceneId)) >= GUIDED_TOURS_PER_SCENE_MAX)
        throw new ConflictError(toursMessages.tooManyTours);
      const id = crypto.randomUUID();
      await repo.createTour(
        {
          id,
          sceneId: input.sceneId,
          title: input.title,
          description: input.description,
          public: input.public,
        },
        input.points.map((point) => ({ id: crypto.randomUUID(), ...pointValues(point) })),
      );
      return full(id);
    },

    async update(
      auth: AuthContext | null,
      tourId: string,
      input: z.infer<typeof UpdateGuidedTourRequestSchema>,
    ): Promise<GuidedTour> {
      await writable(auth, tourId);
      const { points, ...fields } = input;
      const patch = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      ) as Partial<Pick<GuidedTourRow, "title" | "description" | "public">>;
      await repo.updateTour(
        tourId,
        patch,
        points?.map((point) => ({ id: crypto.randomUUID(), ...pointValues(point) })),
      );
      return full(tourId);
    },

    async remove(auth: AuthContext | null, tourId: string) {
      await writable(auth, tourId);
      await repo.deleteTour(tourId);
    },

    async getPoint(auth: AuthContext | null, pointId: string): Promise<TourPoint> {
      const point = await repo.point(pointId);
      if (!point) throw new NotFoundError();
      await readable(auth, point.tourId);
      return toPoint(point);
    },

    async createPoint(
      auth: AuthContext | null,
      input: z.infer<typeof CreateTourPointRequestSchema>,
    ): Promise<TourPoint> {
      await writable(auth, input.guidedTourId);
      if ((await repo.countPoints(input.guidedTourId)) >= TOUR_POINTS_MAX)
        throw new ConflictError(toursMessages.tooManyPoints);
      const id = crypto.randomUUID();
      await repo.insertPoint(input.guidedTourId, { id, ...pointValues(input) }, input.order);
      return toPoint((await repo.point(id)) as GuidedTourPointRow);
    },

    async updatePoint(
      auth: AuthContext | null,
      pointId: string,
      input: z.infer<typeof UpdateTourPointRequestSchema>,
    ): Promise<TourPoint> {
      const point = await repo.point(pointId);
      if (!point) throw new NotFoundError();
      await writable(auth, point.tourId);
      const { order, ...fields } = input;
      const patch = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      ) as Partial<NewPoint>;
      await repo.updatePoint(point, patch, order);
      return toPoint((await repo.point(pointId)) as GuidedTourPointRow);
    },

    async removePoint(auth: AuthContext | null, pointId: string) {
      const point = await repo.point(pointId);
      if (!point) throw new NotFoundError();
      await writable(auth, point.tourId);
      await repo.deletePoint(point);
    },
  };
}

export type ToursService = ReturnType<typeof createToursService>;
