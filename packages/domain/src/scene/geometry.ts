import { z } from "zod";

// Geometry shared by the scene document and the storytelling entities. Units are metres and
// radians in three.js's right-handed, y-up frame, so the renderer uses values as they are.

const FiniteSchema = z.number().finite();

export const Vec2Schema = z.tuple([FiniteSchema, FiniteSchema]);
export type Vec2 = z.infer<typeof Vec2Schema>;

export const Vec3Schema = z.tuple([FiniteSchema, FiniteSchema, FiniteSchema]);
export type Vec3 = z.infer<typeof Vec3Schema>;

/** Euler angles in radians, applied in three.js's default XYZ order. */
export const RotationSchema = Vec3Schema;

/** A scale never reaches zero: a zero scale makes an item invisible and unpickable. */
export const ScaleSchema = z.tuple([
  z.number().finite().positive(),
  z.number().finite().positive(),
  z.number().finite().positive(),
]);

export const ORIGIN: Vec3 = [0, 0, 0];
export const UNIT_SCALE: Vec3 = [1, 1, 1];
