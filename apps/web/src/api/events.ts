import type { EventMessage, SceneEvent } from "@atrium/domain";
import { api } from "./client";

// Events (issue 19): /api/communicationInteractionService/sceneevent. Create and change send a
// form (the cover image in `cover`).

const BASE = "/api/communicationInteractionService/sceneevent";
const id = encodeURIComponent;

export const sceneEvents = (sceneId: string) => api<SceneEvent[]>(`${BASE}/scene/${id(sceneId)}`);
export const sceneEvent = (eventId: string) => api<SceneEvent>(`${BASE}/${id(eventId)}`);
export const scheduleEvent = (form: FormData) => api<SceneEvent>(BASE, { body: form, quiet: true });
export const changeEvent = (eventId: string, form: FormData) =>
  api<SceneEvent>(`${BASE}/${id(eventId)}`, { method: "PATCH", body: form, quiet: true });
export const cancelEvent = (eventId: string) =>
  api<SceneEvent>(`${BASE}/${id(eventId)}/cancel`, { method: "POST" });
export const eventMessages = (eventId: string) =>
  api<EventMessage[]>(`${BASE}/${id(eventId)}/messages`);
