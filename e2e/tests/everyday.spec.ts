import { expect, test } from "../fixtures";
import { newPerson } from "../fixtures/accounts";

// Everyday UI as people expect it (issue 21 item 8, the shell's parts): a visitor's pages log
// no error, Esc closes dialogs (but not over unsaved edits), Explore's Creators tab lists
// creators before anything is typed.

test.describe("everyday UI", () => {
  test("a signed-out visitor's pages log no error to the console", async ({ shell, page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
    const failed: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    for (const path of ["/", "/explore", "/explore?tab=creators", "/pricing", "/login"]) {
      await shell.goto(path);
      // the header has asked who is signed in: a visitor sees "Sign in"
      await expect(shell.headerLink("Sign in")).toBeVisible();
    }
    await shell.headerLink("Explore").click();
    await expect(page.locator("main h1")).toBeVisible();
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("Explore's Creators tab lists creators before anything is typed", async ({
    shell,
    page,
  }) => {
    await shell.goto("/explore");
    await page.getByRole("tab", { name: "Creators" }).click();
    await expect(page.getByTestId("creator-card").first()).toBeVisible();
    expect(await page.getByTestId("creator-card").count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByText("No creators match your search.")).toHaveCount(0);
  });

  test("Esc closes a dialog; over unsaved profile edits it does not", async ({
    shell,
    accounts,
    page,
  }) => {
    await shell.goto("/");
    await accounts.signUp(newPerson("Katherine Johnson"));

    // the profile editor: Esc closes it untouched, keeps it open over a change
    await accounts.chooseFromUserMenu("Profile");
    await page.getByRole("button", { name: "Edit profile" }).click();
    const editor = page.getByRole("dialog", { name: "Edit profile" });
    await expect(editor).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(editor).toBeHidden();
    await page.getByRole("button", { name: "Edit profile" }).click();
    await editor.getByLabel("Bio").fill("Orbital mechanics");
    await page.keyboard.press("Escape");
    await expect(editor).toBeVisible();
    await expect(editor.getByLabel("Bio")).toHaveValue("Orbital mechanics");

    // the editor's keyboard shortcuts
    await page.goto("/curate");
    await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
    const shortcuts = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(shortcuts).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(shortcuts).toBeHidden();
  });
});
