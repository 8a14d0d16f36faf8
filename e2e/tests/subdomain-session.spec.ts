import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "../fixtures";
import { newPerson } from "../fixtures/accounts";

const port = Number(process.env.E2E_PORT ?? 3999);

test.describe("sessions across district subdomains", () => {
  test("what Chromium does: Domain=localhost cookies stay host-only, Domain=atrium.localhost ones are shared", async ({
    page,
  }) => {
    // a bare server that sets the cookies and echoes what comes back
    const server = createServer((request, response) => {
      if (request.url === "/set") {
        response.setHeader("set-cookie", [
          "plain=1; Path=/",
          "single=1; Domain=localhost; Path=/",
          "dotted=1; Domain=atrium.localhost; Path=/",
        ]);
      }
      response.end(request.headers.cookie ?? "");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const probe = (server.address() as AddressInfo).port;
    try {
      await page.goto(`http://localhost:${probe}/set`);
      await page.goto(`http://atrium.localhost:${probe}/set`);
      await page.goto(`http://demo.localhost:${probe}/`);
      // neither the host-only cookie nor Domain=localhost reaches demo.localhost
      expect(await page.textContent("body")).toBe("");
      await page.goto(`http://demo.atrium.localhost:${probe}/`);
      expect(await page.textContent("body")).toBe("dotted=1");
    } finally {
      server.close();
    }
  });

  test("signed in on localhost is signed in on demo.localhost", async ({
    shell,
    accounts,
    page,
  }) => {
    const person = newPerson("Subdomain Sam");
    await shell.goto("/");
    await accounts.signUp(person);
    await page.goto(`http://demo.localhost:${port}/user/me`);
    await expect(page).toHaveURL(new RegExp(`^http://demo\\.localhost:${port}/user/[\\w-]+$`));
    await expect(page.getByRole("heading", { level: 1, name: "Subdomain Sam" })).toBeVisible();
    const me = await page.evaluate(async () => (await fetch("/api/userService/user/my")).status);
    expect(me).toBe(200);

    // log out on the district subdomain: the platform's session ends with it, and the tab
    // does not go back to the platform to ask for a session (a reload through the platform)
    const handoffs: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/auth/handoff")) handoffs.push(request.url());
    });
    await accounts.signOut();
    await page.waitForLoadState("networkidle");
    expect(handoffs).toEqual([]);
    await expect(page).toHaveURL(`http://demo.localhost:${port}/`);
    await page.goto(`http://localhost:${port}/`);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  });
});
