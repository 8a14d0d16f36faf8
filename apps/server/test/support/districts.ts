import { expect } from "vitest";
import type { TestApp } from "./app.js";
import { SCENES } from "./spaces.js";
import { clientFor, signUpUser, type TestUser } from "./users.js";

// Helpers for the districts tests: a premade space to start with, a district, an invitation.

export const DISTRICT = "/api/userService/district";
export const GROUP = "/api/userService/group";
export const CREATE_DISTRICT = "/api/userService/user-management/districts";

export async function firstTemplateId(t: TestApp): Promise<string> {
  const families = (
    await clientFor(t, null)({ method: "GET", url: `${SCENES}/premadescene` })
  ).json();
  const id = families[0]?.templates[0]?.spaceTemplateId as string | undefined;
  if (!id) throw new Error("no premade space");
  return id;
}

export async function createDistrict(
  t: TestApp,
  owner: TestUser,
  fields: { title: string; subdomain: string; public?: boolean; visible?: boolean },
): Promise<{ districtId: string; subdomain: string; freeSceneId: string }> {
  const response = await clientFor(
    t,
    owner,
  )({
    method: "POST",
    url: CREATE_DISTRICT,
    payload: { freeSpaceTemplateId: await firstTemplateId(t), ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The owner invites `email`; the code is read from the link the answer carries. */
export async function invite(
  t: TestApp,
  owner: TestUser,
  districtId: string,
  email: string,
  role: "Creator" | "Guest",
): Promise<{ code: string; invitationId: string }> {
  const response = await clientFor(
    t,
    owner,
  )({
    method: "POST",
    url: `${DISTRICT}/${districtId}/invite`,
    payload: { email, role },
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  const code = new URL(body.invitationUrl).searchParams.get("invitation_code");
  if (!code) throw new Error("no code in the invitation link");
  return { code, invitationId: body.invitationId };
}

export async function join(
  t: TestApp,
  owner: TestUser,
  districtId: string,
  user: TestUser,
  role: "Creator" | "Guest",
) {
  const { code } = await invite(t, owner, districtId, user.email, role);
  const accepted = await clientFor(
    t,
    user,
  )({
    method: "POST",
    url: `${DISTRICT}/accept-invitation/${code}`,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

export type DistrictCreated = { districtId: string; subdomain: string; freeSceneId: string };

/**
 * The authorisation matrix's cast: a private district A (its owner, a creator and a guest), a
 * public district B (its owner), and an outsider with Pro.
 */
export async function twoDistricts(
  t: TestApp,
  names: { a: { title: string; subdomain: string }; b: { title: string; subdomain: string } },
) {
  const ownerA = await signUpUser(t, { name: "Olga Owner", plan: "pro" });
  const creatorA = await signUpUser(t, { name: "Cleo Creator", plan: "standard" });
  const guestA = await signUpUser(t, { name: "Gus Guest" });
  const ownerB = await signUpUser(t, { name: "Bea Owner", plan: "pro" });
  const outsider = await signUpUser(t, { name: "Otto Outsider", plan: "pro" });
  const a: DistrictCreated = await createDistrict(t, ownerA, { ...names.a, public: false });
  const b: DistrictCreated = await createDistrict(t, ownerB, names.b);
  await join(t, ownerA, a.districtId, creatorA, "Creator");
  await join(t, ownerA, a.districtId, guestA, "Guest");
  return { ownerA, creatorA, guestA, ownerB, outsider, a, b };
}
