import type {
  CreateGuidedTourRequest,
  CreateTourPointRequest,
  GuidedTour,
  TourPoint,
  UpdateGuidedTourRequest,
  UpdateTourPointRequest,
} from "@atrium/domain";
import { api } from "./client";

// The storytelling service's writes (spec 2 §7.4 /api/storyTellingService), used by the
// editor's Create Stories or Paths step. The viewer's read of a space's tours is in viewer.ts.

const BASE = "/api/storyTellingService";
const id = (value: string) => encodeURIComponent(value);

export const fetchTour = (guidedTourId: string, signal?: AbortSignal) =>
  api<GuidedTour>(`${BASE}/guidedtour/${id(guidedTourId)}`, { signal });
export const createTour = (body: CreateGuidedTourRequest) =>
  api<GuidedTour>(`${BASE}/guidedtour`, { method: "POST", body, quiet: true });
export const updateTour = (guidedTourId: string, body: UpdateGuidedTourRequest) =>
  api<GuidedTour>(`${BASE}/guidedtour/${id(guidedTourId)}`, { method: "PUT", body, quiet: true });
export const deleteTour = (guidedTourId: string) =>
  api<void>(`${BASE}/guidedtour/${id(guidedTourId)}`, { method: "DELETE", quiet: true });
export const createTourPoint = (body: CreateTourPointRequest) =>
  api<TourPoint>(`${BASE}/guidedtourpoint`, { method: "POST", body, quiet: true });
/** A changed `order` moves the point there (the service renumbers the others). */
export const updateTourPoint = (pointId: string, body: UpdateTourPointRequest) =>
  api<TourPoint>(`${BASE}/guidedtourpoint/${id(pointId)}`, { method: "PUT", body, quiet: true });
export const deleteTourPoint = (pointId: string) =>
  api<void>(`${BASE}/guidedtourpoint/${id(pointId)}`, { method: "DELETE", quiet: true });
