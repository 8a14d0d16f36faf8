// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { retireShellTitle } from "./shell-title";

const titles = () => [...document.head.querySelectorAll("title")].map((title) => title.text);
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

function pageTitle(text: string) {
  const title = document.createElement("title");
  title.text = text;
  return title;
}

describe("the shell's title", () => {
  it("names the page until the page's own title comes, then goes", async () => {
    document.head.innerHTML = "<title>Atrium</title>";
    retireShellTitle(document.head);
    document.head.append(document.createElement("meta"));
    await settled();
    expect(titles()).toEqual(["Atrium"]);
    // React puts a page's title in front of the one it found
    document.head.insertBefore(pageTitle("Explore | Atrium"), document.head.querySelector("title"));
    await settled();
    expect(titles()).toEqual(["Explore | Atrium"]);
    expect(document.title).toBe("Explore | Atrium");
    // and it stays gone: the next page's title replaces the first
    document.head.querySelector("title")?.remove();
    document.head.append(pageTitle("Pricing | Atrium"));
    await settled();
    expect(titles()).toEqual(["Pricing | Atrium"]);
  });

  it("does nothing on a page without one", async () => {
    document.head.innerHTML = "";
    retireShellTitle(document.head);
    document.head.append(pageTitle("Pricing | Atrium"));
    await settled();
    expect(titles()).toEqual(["Pricing | Atrium"]);
  });
});
