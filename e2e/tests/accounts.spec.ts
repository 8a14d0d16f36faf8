import sharp from "sharp";
import { expect, test } from "../fixtures";
import { newPerson } from "../fixtures/accounts";

/** A 600x400 photo-like PNG (a gradient) to upload and crop. */
async function photo() {
  const width = 600;
  const height = 400;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i += 1) {
    pixels[i * 3] = Math.round(((i % width) / width) * 255);
    pixels[i * 3 + 1] = Math.round((Math.floor(i / width) / height) * 255);
    pixels[i * 3 + 2] = 160;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

test.describe("accounts", () => {
  test("sign up, edit the profile with a cropped picture, sign out, sign in, change a setting, delete the account", async ({
    shell,
    accounts,
    page,
  }) => {
    const person = newPerson("Ada Lovelace");
    await shell.goto("/");
    await accounts.signUp(person);
    await expect(page).toHaveURL(/\/$/);

    // the profile, from the user menu
    await accounts.chooseFromUserMenu("Profile");
    await expect(page.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
    await page.getByRole("button", { name: "Edit profile" }).click();
    const editor = page.getByRole("dialog", { name: "Edit profile" });
    const chooser = page.waitForEvent("filechooser");
    await editor.getByRole("button", { name: "Choose a picture" }).first().click();
    await (await chooser).setFiles({
      name: "me.png",
      mimeType: "image/png",
      buffer: await photo(),
    });

    // the crop step: zoom in and turn the picture a little
    const crop = page.getByRole("dialog", { name: "Crop your Profile picture" });
    await expect(crop).toBeVisible();
    const zoom = crop.getByRole("slider", { name: "Zoom" });
    await zoom.focus();
    for (let i = 0; i < 5; i += 1) await page.keyboard.press("ArrowRight");
    await expect(zoom).toHaveAttribute("aria-valuenow", "1.5");
    const rotation = crop.getByRole("slider", { name: "Rotation" });
    await rotation.focus();
    for (let i = 0; i < 10; i += 1) await page.keyboard.press("ArrowRight");
    await crop.getByRole("button", { name: "Use this crop" }).click();
    await expect(crop).toBeHidden();

    await editor.getByLabel("Bio").fill("Poet of numbers.");
    await editor.getByLabel("City").fill("London");
    await editor.getByRole("radio", { name: "Coral" }).click();
    await editor.getByRole("button", { name: "Save profile" }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByText("Poet of numbers.")).toBeVisible();
    const picture = page.locator('main img[src^="/api/fileService/thumbnail/"]').first();
    await expect(picture).toBeVisible();
    // the stored picture is the square crop, re-encoded
    const stored = await page.request.get(
      (await picture.getAttribute("src"))!.replace("/thumbnail/", "/file/"),
    );
    expect(stored.headers()["content-type"]).toBe("image/webp");
    const size = await sharp(await stored.body()).metadata();
    expect(size.width).toBe(size.height);

    // sign out, then sign in again and come back to the page asked for
    await accounts.signOut();
    await expect(page).toHaveURL(/\/$/);
    await shell.footer.getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fuser%2Fme$/);
    await accounts.signIn({ email: person.email, password: "not the password" });
    await expect(page.getByRole("main").getByRole("alert")).toContainText(
      "Wrong e-mail or password",
    );
    await accounts.signIn(person);
    await expect(page.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
    const userId = page.url().match(/\/user\/([\w-]+)$/)?.[1];
    expect(userId).toBeTruthy();
    // other people may share the name (a retry's first try, for one): look for this person
    const foundIds = async () => {
      const found = await page.request.get("/api/userService/user/search?q=Lovelace&ipp=60");
      return ((await found.json()) as { userId: string }[]).map((user) => user.userId);
    };
    expect(await foundIds()).toContain(userId);

    // change a setting: no longer searchable
    await accounts.chooseFromUserMenu("Settings");
    const searchable = page.getByRole("switch", { name: "Search visibility" });
    await expect(searchable).toBeChecked();
    await searchable.click();
    await expect(page.getByText("Saved")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("switch", { name: "Search visibility" })).not.toBeChecked();
    expect(await foundIds()).not.toContain(userId);

    // delete the account
    await page.getByRole("tab", { name: "Account" }).click();
    await page.getByRole("button", { name: "Delete my account" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete account" });
    await confirm.getByLabel("Your password, to confirm").fill("wrong password here");
    await confirm.getByRole("button", { name: "Delete my account for good" }).click();
    await expect(confirm.getByRole("alert")).toHaveText("Incorrect Password");
    await confirm.getByLabel("Your password, to confirm").fill(person.password);
    await confirm.getByRole("button", { name: "Delete my account for good" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await accounts.signIn(person);
    await expect(page.getByRole("main").getByRole("alert")).toContainText(
      "Wrong e-mail or password",
    );
  });

  test("signed out, Create and Start building open sign-up; the guard shows 'Loading...' before sign-in", async ({
    shell,
    page,
  }) => {
    await shell.goto("/");
    await shell.header.getByRole("link", { name: "Create" }).click();
    await expect(page).toHaveURL(/\/login\?mode=signup&returnTo=%2Fcurate$/);
    await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
    await shell.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Start building" }).first().click();
    await expect(page).toHaveURL(/\/login\?mode=signup&returnTo=%2Fcurate$/);
    await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
    // the guard: 'Loading...' while the account is checked, then the redirect
    await page.route("**/api/auth/session", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto("/settings");
    await expect(page.getByText("Loading...")).toBeVisible();
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fsettings$/);
  });

  test("the account area: your spaces, what a district is, connections", async ({
    shell,
    accounts,
    page,
  }) => {
    await shell.goto("/");
    await accounts.signUp(newPerson("Grace Hopper"));
    await accounts.chooseFromUserMenu("Spaces");
    await expect(page).toHaveURL(/\/user\/[\w-]+\/spaces\/published$/);
    await expect(page.getByText(/You have not published a space yet/)).toBeVisible();
    await page
      .getByRole("navigation", { name: "Profile sections" })
      .getByRole("link", { name: "What is a district" })
      .click();
    await expect(page.getByText(/branded area of Atrium/)).toBeVisible();
    await accounts.chooseFromUserMenu("Connections");
    await expect(page.getByText("No followers yet.")).toBeVisible();
  });
});

test("follow someone from their profile; your own profile has no follow control", async ({
  shell,
  accounts,
  page,
  browser,
  baseURL,
}) => {
  // someone else, signed up in another browser
  const other = await browser.newContext();
  const creator = newPerson("Rosalind Franklin");
  const signedUp = await other.request.post(`${baseURL}/api/auth/signup`, {
    data: creator,
    headers: { origin: baseURL! },
  });
  const { userId } = await signedUp.json();
  await other.close();

  await shell.goto("/");
  await accounts.signUp(newPerson("Fan Person"));
  await page.goto(`/user/${userId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Rosalind Franklin" })).toBeVisible();
  await page.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(page.getByRole("button", { name: "Unfollow" })).toBeVisible();
  await expect(page.getByRole("link", { name: /1 followers/ })).toBeVisible();
  await page.getByRole("link", { name: /1 followers/ }).click();
  await expect(page.getByRole("main").getByRole("link", { name: /Fan Person/ })).toBeVisible();

  await accounts.chooseFromUserMenu("Profile");
  await expect(page.getByRole("button", { name: "Edit profile" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^(Follow|Unfollow)$/ })).toHaveCount(0);
});

test.describe("accounts on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the user menu opens from the burger menu", async ({ shell, accounts, page }) => {
    const person = newPerson("Phone Person");
    await shell.goto("/login?mode=signup");
    await page.getByLabel("Name").fill(person.name);
    await page.getByLabel("E-mail").fill(person.email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await shell.openMobileMenu();
    await shell.mobileMenu.getByRole("button", { name: "Open the user menu" }).click();
    await expect(accounts.userMenu).toBeVisible();
    await accounts.userMenu.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });
});
