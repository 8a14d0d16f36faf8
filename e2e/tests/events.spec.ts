import { expect, test } from "../fixtures";
import { AtriumClient } from "../fixtures/spaces-api";
import { e2eBaseUrl, ViewerPage } from "../fixtures/viewer";
import { galleryDocument } from "../fixtures/viewer-spaces";

// Issue 19, events: the space's owner schedules an event starting now from the viewer's events
// sidebar; a visitor sees it live in that sidebar, opens the chat's Event tab, and the messages
// of that chat reach the other person.

let host: AtriumClient;
let sceneId: string;

test.beforeAll(async () => {
  host = await AtriumClient.signUp(e2eBaseUrl(), {
    name: "Eve Host",
    email: `events-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`,
    password: "a long enough password for an event host",
  });
  sceneId = await host.publishSpace("Event hall", galleryDocument({ width: 8, depth: 6 }));
});

test.describe("events", () => {
  test.describe.configure({ timeout: 240_000 });

  test("the owner schedules an event now; a visitor sees it live and both chat in it", async ({
    browser,
  }) => {
    const signedIn = await browser.newContext({ baseURL: e2eBaseUrl() });
    await signedIn.addCookies([
      { name: "atrium_session", value: host.sessionValue, url: e2eBaseUrl() },
    ]);
    const guest = await browser.newContext({ baseURL: e2eBaseUrl() });
    const eve = await signedIn.newPage();
    const visitor = await guest.newPage();
    try {
      await new ViewerPage(eve).open(`/viewer/${sceneId}`);
      await eve.getByRole("button", { name: "Events" }).click();
      const eveEvents = eve.getByTestId("events-panel");
      await eveEvents.getByRole("button", { name: "Schedule an event" }).click();
      const form = eve.getByTestId("event-form");
      await form.getByLabel("Title").fill("Opening night");
      await form.getByLabel("Description").fill("Music, light and a tour of the hall");
      await form.getByLabel("Duration (minutes)").fill("90");
      // a start in the past is refused with the reason under the field
      await form.getByLabel("Starts now").uncheck();
      await form.getByLabel("Start", { exact: true }).fill("2020-01-01T10:00");
      await form.getByRole("button", { name: "Schedule" }).click();
      await expect(form).toContainText("must not be in the past");
      await form.getByLabel("Starts now").check();
      await form.getByRole("button", { name: "Schedule" }).click();
      await expect(eveEvents.getByTestId("event-item")).toHaveCount(1);
      await expect(eveEvents.getByTestId("event-item")).toContainText("Opening night");
      await expect(eveEvents.getByTestId("event-live")).toHaveText("Live now");

      const visitorView = new ViewerPage(visitor);
      await visitorView.open(`/viewer/${sceneId}`);
      await visitor.getByRole("button", { name: "Events" }).click();
      const visitorEvents = visitor.getByTestId("events-panel");
      await expect(visitorEvents.getByTestId("event-item")).toContainText("Opening night");
      await expect(visitorEvents.getByTestId("event-live")).toHaveText("Live now");
      // only the owner schedules
      await expect(visitorEvents.getByRole("button", { name: "Schedule an event" })).toHaveCount(0);

      // the visitor opens the event's chat (the chat sidebar's Event tab) and writes
      await visitorEvents.getByRole("button", { name: "Event chat" }).click();
      const visitorChat = visitor.getByTestId("chat-panel");
      await expect(visitorChat.getByRole("tab", { name: "Event" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await expect(visitorChat.getByTestId("event-chat-title")).toHaveText("Opening night");
      await visitorChat.getByTestId("event-input").fill("Hello from the audience");
      await visitorChat.getByTestId("event-input").press("Enter");
      await expect(visitorChat.getByTestId("event-message")).toHaveCount(1);

      // the host sees it in the event's chat, and answers
      await eve.getByRole("button", { name: "Chat", exact: true }).click();
      const eveChat = eve.getByTestId("chat-panel");
      await eveChat.getByTestId("chat-tab-event").click();
      await expect(eveChat.getByTestId("event-message")).toContainText("Hello from the audience");
      await eveChat.getByTestId("event-input").fill("Welcome, everyone");
      await eveChat.getByTestId("event-input").press("Enter");
      await expect(visitorChat.getByTestId("event-message").nth(1)).toContainText(
        "Welcome, everyone",
      );
      // the public chat is another conversation
      await visitorChat.getByRole("tab", { name: "Public" }).click();
      await expect(visitorChat.getByTestId("chat-message")).toHaveCount(0);

      // the event's page is shareable and opens the space at its chat
      await visitor.getByRole("button", { name: "Events", exact: true }).click();
      await visitorEvents.getByRole("link", { name: "Event page" }).click();
      const page = visitor.getByTestId("event-page");
      await expect(page.getByRole("heading", { name: "Opening night" })).toBeVisible();
      await expect(page).toContainText("Hosted by Eve Host");
      await expect(visitor).toHaveTitle(/Opening night/);
      await page.getByRole("link", { name: "Join the live event" }).click();
      await expect(visitor.getByTestId("event-chat-title")).toHaveText("Opening night");
      await expect(visitor.getByTestId("event-message")).toHaveCount(2);
    } finally {
      await signedIn.close();
      await guest.close();
    }
  });
});
