import { boolean, integer, jsonb, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";

/** Guided tours (the viewer's paths) of a scene; migrations/0500_tours.sql. */
export const guidedTours = pgTable("guided_tours", {
  id: text("id").primaryKey(),
  sceneId: text("scene_id").notNull(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  public: boolean("public").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The ordered stops of a tour. Vectors are [x, y, z] arrays. */
export const guidedTourPoints = pgTable("guided_tour_points", {
  id: text("id").primaryKey(),
  tourId: text("tour_id").notNull(),
  sortOrder: integer("sort_order").notNull(),
  title: text("title").notNull().default(""),
  description: text("description").notNull().default(""),
  audioUri: text("audio_uri"),
  color: text("color").notNull().default("#3DABFF"),
  position: jsonb("position").$type<[number, number, number]>().notNull(),
  rotation: jsonb("rotation").$type<[number, number, number]>().notNull(),
  scale: jsonb("scale").$type<[number, number, number]>().notNull(),
  bounds: jsonb("bounds").$type<[number, number, number]>().notNull(),
  boundsCenter: jsonb("bounds_center").$type<[number, number, number]>().notNull(),
  instanceTag: text("instance_tag"),
  duration: real("duration").notNull(),
});

export type GuidedTourRow = typeof guidedTours.$inferSelect;
export type GuidedTourPointRow = typeof guidedTourPoints.$inferSelect;
