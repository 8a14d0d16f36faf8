import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { AtriumClient } from "../fixtures/spaces-api";

// Issue 15 item 1: a space published with privacy and communication restricted to chosen people
// is published again through the flow; the flow shows the chosen people (it starts from what is
// stored) and the second publish keeps both lists. Restricting needs the Standard plan, which
// the account gets through the sandbox's checkout.

const API = "/api/marketplaceService";
const PASSWORD = "a long enough password";

// a step that fails says so long before the whole journey times out
test.use({ actionTimeout: 30_000 });

interface StoredAccess {
  privacyACLEnabled: boolean;
  userPrivacyACL: string[];
  communicationACLEnabled: boolean;
  userCommunicationACL: string[];
  publishedPublic: boolean;
  state: string;
}

test("publishing a space restricted to chosen people twice keeps both lists", async ({
  page,
  editor,
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? "";
  const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  // the owner, on the Standard plan paid through the sandbox's checkout
  const signUp = await page.request.post("/api/auth/signup", {
    data: { email: `owner-${stamp}@example.test`, password: PASSWORD, name: "Olga Owner" },
  });
  expect(signUp.status()).toBe(201);
  const session = await page.request.post(`${API}/stripe/create-checkout-session`, {
    data: { priceId: "plan-standard-month", returnPath: "/settings?tab=subscription" },
    headers: { origin },
  });
  expect(session.ok()).toBe(true);
  const { sessionId } = (await session.json()) as { sessionId: string };
  const paid = await page.request.post(`${API}/sandbox/checkout/${sessionId}/pay`, {
    data: { cardNumber: "4242424242424242" },
    headers: { origin },
  });
  expect(paid.status()).toBe(200);
  // the chosen person, and someone nobody chose
  const chosenName = `Chloe Chosen ${stamp}`;
  const chosen = await AtriumClient.signUp(origin, {
    name: chosenName,
    email: `chosen-${stamp}@example.test`,
    password: PASSWORD,
  });
  const outsider = await AtriumClient.signUp(origin, {
    name: `Otto Outsider ${stamp}`,
    email: `outsider-${stamp}@example.test`,
    password: PASSWORD,
  });

  await editor.openNew();
  await editor.drawRoom([-4, -3], [4, 3]);
  await page.getByTestId("editor-title").fill("Members' room");
  await editor.saveNew();
  const sceneId = editor.sceneIdFromUrl();
  const stored = async () => {
    const response = await page.request.get(`/api/sceneService/scene/metadata/${sceneId}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as StoredAccess;
  };
  const restrictedToChosen = (access: StoredAccess) => {
    expect(access.state).toBe("Published");
    expect(access.publishedPublic).toBe(false);
    expect(access.privacyACLEnabled).toBe(true);
    expect(access.userPrivacyACL).toEqual([chosen.userId]);
    expect(access.communicationACLEnabled).toBe(true);
    expect(access.userCommunicationACL).toEqual([chosen.userId]);
  };

  const next = page.getByTestId("publish-next");
  const privacyChosen = page.getByRole("radio", { name: "Restricted to the people I choose" });
  const talkChosen = page.getByRole("radio", {
    name: "Only the people I choose may chat and talk",
  });
  // the step's people picker and the chosen person's pill in it
  const people = page.getByRole("combobox", { name: "People" });
  const chosenPill = page.locator(".mantine-MultiSelect-pill", { hasText: chosenName });
  const pick = async () => {
    await people.click();
    await people.fill(chosenName);
    await page.getByRole("option", { name: chosenName }).click();
    await expect(chosenPill).toHaveCount(1);
    // the picker's list stays open for more people; closing it uncovers the flow's buttons
    await people.press("Escape");
    await expect(page.getByRole("option", { name: chosenName })).toHaveCount(0);
  };

  // first publish: both lists name the chosen person, picked in the flow
  await editor.step("publishAndShare").click();
  await next.click();
  await page.getByTestId("publish-slots").getByRole("radio").first().check();
  await next.click();
  await privacyChosen.check();
  await expect(page.getByTestId("publish-plan-needed")).toHaveCount(0);
  await pick();
  await next.click();
  await talkChosen.check();
  await pick();
  await next.click();
  await next.click();
  await expect(page.getByTestId("publish-done")).toBeVisible({ timeout: 20_000 });
  restrictedToChosen(await stored());

  // a new visit: the flow shows both lists as stored; publishing again without touching them
  await page.reload();
  await editor.step("publishAndShare").click();
  await next.click();
  await expect(page.getByTestId("publish-slots").getByRole("radio").first()).toBeChecked();
  await next.click();
  await expect(privacyChosen).toBeChecked();
  await expect(chosenPill).toHaveCount(1);
  await next.click();
  await expect(talkChosen).toBeChecked();
  await expect(chosenPill).toHaveCount(1);
  await next.click();
  await next.click();
  await expect(page.getByTestId("publish-done")).toBeVisible({ timeout: 20_000 });
  restrictedToChosen(await stored());

  // the chosen person may visit; someone else is refused
  const visitor = async (client: AtriumClient): Promise<Page> => {
    const context = await browser.newContext({ baseURL: origin });
    await context.addCookies([{ name: "atrium_session", value: client.sessionValue, url: origin }]);
    return context.newPage();
  };
  await expect(
    chosen.request("GET", `/api/sceneService/scene/metadata/${sceneId}`),
  ).resolves.toMatchObject({ sceneId });
  await expect(
    outsider.request("GET", `/api/sceneService/scene/metadata/${sceneId}`),
  ).rejects.toThrow(/: 403 /);
  const refused = await visitor(outsider);
  await refused.goto(`/viewer/${sceneId}`);
  await expect(refused).toHaveURL(/spaceaccessdenied|space-access-denied/i);
  await expect(
    refused.getByText("You don't have permission to access this 3D space"),
  ).toBeVisible();
  await refused.context().close();
  const welcome = await visitor(chosen);
  await welcome.goto(`/viewer/${sceneId}`);
  await expect(welcome.getByTestId("viewer-toolbar")).toBeVisible({ timeout: 60_000 });
  await expect(welcome).toHaveURL(new RegExp(`/viewer/${sceneId}`));
  await welcome.context().close();
});
