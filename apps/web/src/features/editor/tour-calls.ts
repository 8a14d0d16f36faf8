import type { GuidedTour, TourPoint } from "@atrium/domain";
import { api } from "../../api/client";

// The storytelling service's tour calls the editor makes (spec 2 §7.4 /api/storyTellingService).

const BASE = "/api/storyTellingService";
const id = (value: string) => encodeURIComponent(value);

export type TourPointInput = Omit<
  TourPoint,
  "guidedTourPointId" | "bounds" | "boundsCenter" | "scale" | "instanceTag" | "color"
> &
  Partial<Pick<TourPoint, "color">>;

export const fetchTour = (guidedTourId: string) =>
  api<GuidedTour>(`${BASE}/guidedtour/${id(guidedTourId)}`);
export const createTour = (body: { sceneId: string; title: string; description?: string }) =>
  api<GuidedTour>(`${BASE}/guidedtour`, { method: "POST", body, quiet: true });
export const updateTour = (
  guidedTourId: string,
  body: Partial<Pick<GuidedTour, "title" | "description">>,
) =>
  api<GuidedTour>(`${BASE}/guidedtour/${id(guidedTourId)}`, { method: "PUT", body, quiet: true });
export const deleteTour = (guidedTourId: string) =>
  api<void>(`${BASE}/guidedtour/${id(guidedTourId)}`, { method: "DELETE", quiet: true });
export const createTourPoint = (body: TourPointInput) =>
  api<TourPoint>(`${BASE}/guidedtourpoint`, { method: "POST", body, quiet: true });
export const updateTourPoint = (pointId: string, body: Partial<TourPointInput>) =>
  api<TourPoint>(`${BASE}/guidedtourpoint/${id(pointId)}`, { method: "PUT", body, quiet: true });
export const deleteTourPoint = (pointId: string) =>
  api<void>(`${BASE}/guidedtourpoint/${id(pointId)}`, { method: "DELETE", quiet: true });
