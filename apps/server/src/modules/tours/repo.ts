import { and, asc, count, eq, gt, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import {
  type GuidedTourPointRow,
  type GuidedTourRow,
  guidedTourPoints,
  guidedTours,
} from "../../db/schema/index.js";

export type NewPoint = Omit<GuidedTourPointRow, "tourId" | "sortOrder">;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Session = Database | Tx;

export function createToursRepo(db: Database) {
  async function pointsOf(session: Session, tourIds: string[]) {
    if (tourIds.length === 0) return [];
    return session
      .select()
      .from(guidedTourPoints)
      .where(inArray(guidedTourPoints.tourId, tourIds))
      .orderBy(asc(guidedTourPoints.tourId), asc(guidedTourPoints.sortOrder));
  }

  async function insertPoints(session: Session, tourId: string, points: NewPoint[], from = 0) {
    if (points.length === 0) return;
    await session
      .insert(guidedTourPoints)
      .values(points.map((point, index) => ({ ...point, tourId, sortOrder: from + index })));
  }

  return {
    db,
    async toursOfScene(sceneId: string): Promise<GuidedTourRow[]> {
      return db
        .select()
        .from(guidedTours)
        .where(eq(guidedTours.sceneId, sceneId))
        .orderBy(asc(guidedTours.createdAt), asc(guidedTours.id));
    },
    async countTours(sceneId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(guidedTours)
        .where(eq(guidedTours.sceneId, sceneId));
      return Number(row?.n ?? 0);
    },
    async tour(id: string): Promise<GuidedTourRow | undefined> {
      const [row] = await db.select().from(guidedTours).where(eq(guidedTours.id, id));
      return row;
    },
    pointsOf: (tourIds: string[]) => pointsOf(db, tourIds),
    async point(id: string): Promise<GuidedTourPointRow | undefined> {
      const [row] = await db.select().from(guidedTourPoints).where(eq(guidedTourPoints.id, id));
      return row;
    },
    async countPoints(tourId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(guidedTourPoints)
        .where(eq(guidedTourPoints.tourId, tourId));
      return Number(row?.n ?? 0);
    },
    async createTour(tour: Omit<GuidedTourRow, "createdAt" | "updatedAt">, points: NewPoint[]) {
      await db.transaction(async (tx) => {
        await tx.insert(guidedTours).values(tour);
        await insertPoints(tx, tour.id, points);
      });
    },
    async updateTour(
      id: string,
      patch: Partial<Pick<GuidedTourRow, "title" | "description" | "public">>,
      points: NewPoint[] | undefined,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .update(guidedTours)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(guidedTours.id, id));
        if (points) {
          await tx.delete(guidedTourPoints).where(eq(guidedTourPoints.tourId, id));
          await insertPoints(tx, id, points);
        }
      });
    },
    async deleteTour(id: string) {
      await db.delete(guidedTours).where(eq(guidedTours.id, id));
    },
    /** Inserts a point at `order` (clamped to the end), shifting the later ones. */
    async insertPoint(tourId: string, point: NewPoint, order: number | undefined) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ n: count() })
          .from(guidedTourPoints)
          .where(eq(guidedTourPoints.tourId, tourId));
        const size = Number(row?.n ?? 0);
        const at = Math.min(order ?? size, size);
        await tx
          .update(guidedTourPoints)
          .set({ sortOrder: sql`${guidedTourPoints.sortOrder} + 1` })
          .where(and(eq(guidedTourPoints.tourId, tourId), gte(guidedTourPoints.sortOrder, at)));
        await tx.insert(guidedTourPoints).values({ ...point, tourId, sortOrder: at });
        await tx
          .update(guidedTours)
          .set({ updatedAt: new Date() })
          .where(eq(guidedTours.id, tourId));
      });
    },
    /** Changes a point's fields, moving it to `order` (clamped) when given. */
    async updatePoint(
      current: GuidedTourPointRow,
      patch: Partial<NewPoint>,
      order: number | undefined,
    ) {
      await db.transaction(async (tx) => {
        let sortOrder = current.sortOrder;
        if (order !== undefined && order !== current.sortOrder) {
          const [row] = await tx
            .select({ n: count() })
            .from(guidedTourPoints)
            .where(eq(guidedTourPoints.tourId, current.tourId));
          const last = Number(row?.n ?? 1) - 1;
          sortOrder = Math.min(order, last);
          const same = eq(guidedTourPoints.tourId, current.tourId);
          if (sortOrder > current.sortOrder) {
            await tx
              .update(guidedTourPoints)
              .set({ sortOrder: sql`${guidedTourPoints.sortOrder} - 1` })
              .where(
                and(
                  same,
                  gt(guidedTourPoints.sortOrder, current.sortOrder),
                  lte(guidedTourPoints.sortOrder, sortOrder),
                ),
              );
          } else if (sortOrder < current.sortOrder) {
            await tx
              .update(guidedTourPoints)
              .set({ sortOrder: sql`${guidedTourPoints.sortOrder} + 1` })
              .where(
                and(
                  same,
                  gte(guidedTourPoints.sortOrder, sortOrder),
                  lt(guidedTourPoints.sortOrder, current.sortOrder),
                ),
              );
          }
        }
        await tx
          .update(guidedTourPoints)
          .set({ ...patch, sortOrder })
          .where(eq(guidedTourPoints.id, current.id));
        await tx
          .update(guidedTours)
          .set({ updatedAt: new Date() })
          .where(eq(guidedTours.id, current.tourId));
      });
    },
    async deletePoint(current: GuidedTourPointRow) {
      await db.transaction(async (tx) => {
        await tx.delete(guidedTourPoints).where(eq(guidedTourPoints.id, current.id));
        await tx
          .update(guidedTourPoints)
          .set({ sortOrder: sql`${guidedTourPoints.sortOrder} - 1` })
          .where(
            and(
              eq(guidedTourPoints.tourId, current.tourId),
              gt(guidedTourPoints.sortOrder, current.sortOrder),
            ),
          );
        await tx
          .update(guidedTours)
          .set({ updatedAt: new Date() })
          .where(eq(guidedTours.id, current.tourId));
      });
    },
  };
}

export type ToursRepo = ReturnType<typeof createToursRepo>;
