import { ContactFormObject, expect, test } from "../fixtures";

const SOLUTIONS = [
  {
    menu: /edtech/i,
    path: "/solutions/edtech-and-learning",
    heading: "Lessons with places in them",
  },
  {
    menu: /museums/i,
    path: "/solutions/museums-and-galleries",
    heading: "Exhibitions that stay open after the show closes",
  },
  {
    menu: /retail/i,
    path: "/solutions/retail-and-ecommerce",
    heading: "A showroom that opens anywhere",
  },
  {
    menu: /events/i,
    path: "/solutions/events-and-live-shows",
    heading: "An event hall for the opening night",
  },
  {
    menu: /corporate/i,
    path: "/solutions/corporate-training",
    heading: "Training people remember because they walked through it",
  },
  {
    menu: /^art/i,
    path: "/solutions/art-and-creative-work",
    heading: "Hang your work the way you would hang a show",
  },
  {
    menu: /marketing/i,
    path: "/solutions/marketing-and-brands",
    heading: "A brand world people choose to step into",
  },
];

test.describe("solutions and resources through the header's menus", () => {
  test("every solution page, from the Solutions menu", async ({ shell, page }) => {
    await shell.goto("/");
    for (const solution of SOLUTIONS) {
      await shell.openDesktopMenu("Solutions");
      await shell.headerLink(solution.menu).click();
      await expect(page).toHaveURL(new RegExp(`${solution.path}$`));
      await expect(page.getByRole("heading", { level: 1, name: solution.heading })).toBeVisible();
      await expect(page).toHaveTitle(/\| Atrium$/);
    }
  });

  test("every resource page, from the Resources menu and the resources sidebar", async ({
    shell,
    page,
  }) => {
    await shell.goto("/");
    await shell.openDesktopMenu("Resources");
    const videos = shell.headerLink("Video tutorials");
    await expect(videos).toHaveAttribute("target", "_blank");
    await expect(videos).toHaveAttribute("href", /^https:\/\//);

    await shell.headerLink("FAQ").click();
    await expect(page).toHaveURL(/\/resources\/faqs$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Frequently asked questions" }),
    ).toBeVisible();
    const firstQuestion = page.locator("details").first();
    await firstQuestion.locator("summary").click();
    await expect(firstQuestion).toContainText("browser-based builder");

    await shell.openDesktopMenu("Resources");
    await shell.headerLink("Guides").click();
    await expect(page).toHaveURL(/\/resources\/guides$/);
    await expect(page.getByRole("heading", { level: 2, name: "Editor guide" })).toBeVisible();

    await shell.openDesktopMenu("Resources");
    await shell.headerLink("Glossary").click();
    await expect(page).toHaveURL(/\/resources\/glossary$/);
    await expect(page.getByText("Publishing slot", { exact: true })).toBeVisible();

    const sidebar = page.getByRole("complementary", { name: "Resources" });
    await expect(sidebar.getByRole("link", { name: "Glossary" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await sidebar.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/resources\/blog$/);
    await expect(page.getByRole("link", { name: /^Read More/ }).first()).toBeVisible();
    await sidebar.getByRole("link", { name: "Whitepaper" }).click();
    await expect(page).toHaveURL(/\/resources\/whitepaper$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      "Spaces that teach, sell and remember",
    );
    await expect(sidebar.getByRole("link", { name: /Video tutorials/ })).toHaveAttribute(
      "target",
      "_blank",
    );
  });
});

test.describe("reading an article", () => {
  test("from its card, following the table of contents", async ({ shell, page, article }) => {
    await shell.goto("/resources/guides");
    await page.getByRole("link", { name: "Read More: The editor guide: an introduction" }).click();
    await expect(page).toHaveURL(/\/resources\/guides\/editor-guide-introduction$/);
    await expect(article.title).toHaveText("The editor guide: an introduction");
    await expect(page.locator("main header")).toContainText("Mara Lindqvist");
    await expect(page.locator("main header")).toContainText(/\d+ min read/);

    const toc = await article.toc.getByRole("link").allTextContents();
    expect(toc).toEqual([
      "What you need before you start",
      "How the editor is laid out",
      "Saving and drafts",
      "The five steps",
      "A habit worth keeping",
    ]);
    await article.follow("Saving and drafts");
    await article.follow("The five steps");

    await expect(article.footer).toContainText("Tags");
    await expect(article.footer).toContainText("getting started");
    await article.footer.scrollIntoViewIfNeeded();
    await page.getByRole("link", { name: /Next\s*Step 1: Create your space/ }).click();
    await expect(page).toHaveURL(/editor-guide-create-your-space$/);
    await expect(article.title).toHaveText("Step 1: Create your space");
  });

  test("a missing article says so", async ({ shell, page }) => {
    await shell.goto("/resources/blog/no-such-article");
    await expect(page.getByText("Article not found.")).toBeVisible();
    await shell.goto("/resources/nothing-here");
    await expect(page.getByText("Unknown Resource.")).toBeVisible();
  });

  test("reads without JavaScript: the page was prerendered", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/resources/guides/editor-guide-create-paths");
    await expect(
      page.getByRole("heading", { level: 1, name: "Step 4: Create paths" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Building a tour" })).toBeVisible();
    await page.goto("/pricing");
    await expect(page.getByText("Credit packages")).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Build 3D spaces people want to walk through",
    );
    await context.close();
  });
});

test.describe("prerendered pages hydrate", () => {
  test("without React reporting a mismatch", async ({ shell, page }) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && /react|hydrat/i.test(message.text())) {
        problems.push(message.text());
      }
    });
    for (const path of [
      "/",
      "/pricing",
      "/contact-us",
      "/solutions/learning-and-training",
      "/resources/faqs",
      "/resources/glossary",
      "/resources/guides/editor-guide-add-content",
      "/resources/blog/why-rooms-still-matter",
      "/terms-of-service",
    ]) {
      const response = await page.goto(path);
      expect(response?.headers()["x-atrium-prerendered"], path).toBe("1");
      await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
    }
    await shell.goto("/");
    expect(problems).toEqual([]);
  });
});

test.describe("the contact form", () => {
  test("a missing e-mail is named, then the corrected form is sent", async ({ shell, page }) => {
    await shell.goto("/contact-us");
    const form = new ContactFormObject(page, page.locator("main form"));
    await form.fill({
      firstName: "Ada",
      lastName: "Lovelace",
      country: "United Kingdom",
      inquiry: "Plans, pricing and districts",
      message: "We would like a district for our members.",
    });
    await form.send();
    await expect(page.getByText("Please provide an email address")).toBeVisible();
    await expect(form.field("E-mail")).toBeFocused();

    await form.fill({ email: "ada@" });
    await form.send();
    await expect(page.getByText("Please provide a valid email address")).toBeVisible();

    const sent = page.waitForResponse("**/api/mailService/contactus/send");
    await form.fill({ email: "ada@example.com" });
    await form.send();
    expect((await sent).status()).toBe(202);
    await expect(page.getByRole("status")).toContainText("Thank you, your message is on its way");
  });

  test("on the home page too, once scrolled to", async ({ shell, page }) => {
    await shell.goto("/");
    const form = new ContactFormObject(page, page.locator("#home-contact-form form"));
    await form.root.scrollIntoViewIfNeeded();
    await form.send();
    await expect(form.root.getByText("Please let us know your first name")).toBeVisible();
    await expect(form.root.getByText("Please select your country")).toBeVisible();
  });
});

test.describe("the home page", () => {
  test("hero, five steps, features with the slider, audiences and FAQ", async ({ shell, page }) => {
    await shell.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Build 3D spaces people want to walk through",
    );
    for (const step of [
      "Define Space",
      "Shape Style",
      "Add Content",
      "Create Stories or Paths",
      "Publish & Share",
    ]) {
      await expect(page.getByRole("heading", { level: 3, name: step })).toBeVisible();
    }
    const slider = page.getByRole("region", { name: "Inside the editor" });
    await slider.scrollIntoViewIfNeeded();
    const thumbnail = (n: number) =>
      slider.getByRole("button", { name: new RegExp(`Show picture ${n}`) });
    const settle = () => page.waitForTimeout(600);
    await thumbnail(3).click();
    await expect(thumbnail(3)).toHaveAttribute("aria-current", "true");
    await settle();
    await slider.getByRole("button", { name: "Previous picture" }).click();
    await expect(thumbnail(2)).toHaveAttribute("aria-current", "true");
    await settle();
    // a second click while the 0.5 s transition runs is ignored (spec 2 §4)
    await slider.getByRole("button", { name: "Next picture" }).evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
    await expect(thumbnail(3)).toHaveAttribute("aria-current", "true");
    await settle();
    await thumbnail(1).click();
    await settle();
    // wraparound: before the first comes the last
    await slider.getByRole("button", { name: "Previous picture" }).click();
    await expect(thumbnail(5)).toHaveAttribute("aria-current", "true");

    await page.getByRole("link", { name: /Teachers and educators/ }).click();
    await expect(page).toHaveURL(/\/solutions\/edtech-and-learning$/);
  });

  test("the hero's carousel moves on by itself", async ({ shell, page }) => {
    await shell.goto("/");
    const dots = page
      .getByRole("region", { name: "Spaces people build with Atrium" })
      .getByRole("button", { name: /^Show / });
    await expect(dots.first()).toHaveAttribute("aria-current", "true");
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true", { timeout: 5000 });
  });
});

test.describe("pricing", () => {
  test("plans monthly or yearly, and the credit packages", async ({ shell, page }) => {
    await shell.goto("/pricing");
    const standard = page.locator("li", { has: page.getByRole("heading", { name: "Standard" }) });
    await expect(standard).toContainText("€12.50");
    await expect(standard).toContainText("billed €150 once a year");
    await page.getByRole("button", { name: "Monthly" }).click();
    await expect(standard).toContainText("€15");
    await expect(standard).toContainText("billed monthly");
    await expect(page.getByText("600 credits", { exact: true })).toBeVisible();
    await expect(page.getByText(/Purchased slots do not expire/)).toBeVisible();
  });
});

test.describe("content editing", () => {
  test("the admin page asks a signed-out visitor to sign in", async ({ shell, page }) => {
    await shell.goto("/admin/content");
    await expect(page.getByText("Please sign in")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      /\/login\?returnTo=%2Fadmin%2Fcontent/,
    );
  });
});

test.describe("coming soon", () => {
  test("the e-mail address is required and must be valid", async ({ shell, page }) => {
    await shell.goto("/coming-soon");
    const submit = page.getByRole("button", { name: "Tell me when it's ready" });
    await submit.click();
    await expect(page.getByText("Please provide an email address")).toBeVisible();
    await page.getByLabel("Your e-mail address").fill("grace");
    await submit.click();
    await expect(page.getByText("Please provide a valid email address")).toBeVisible();
    await page.getByLabel("Your e-mail address").fill("grace@example.org");
    await submit.click();
    await expect(page.getByRole("status")).toContainText("We will write to grace@example.org");
  });
});

test.describe("resources on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the sidebar starts closed; the Resources header opens it", async ({ shell, page }) => {
    await shell.goto("/resources/faqs");
    const sidebar = page.getByRole("complementary", { name: "Resources" });
    const blog = sidebar.getByRole("link", { name: "Blog" });
    // closed: icons only, 5% wide
    await expect(blog.getByText("Blog")).toBeHidden();
    await page.getByRole("button", { name: "Resources", exact: true }).click();
    await expect(blog.getByText("Blog")).toBeVisible();
    await blog.click();
    await expect(page).toHaveURL(/\/resources\/blog$/);
    await expect(
      sidebar.getByRole("link", { name: "Glossary" }).getByText("Glossary"),
    ).toBeHidden();
  });
});
