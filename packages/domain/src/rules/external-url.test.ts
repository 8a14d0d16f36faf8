import { describe, expect, it } from "vitest";
import { isExternalUrl, urlHost, validateExternalLink, validateSocialLink } from "./external-url";

describe("external URLs recognised: http, https, ftp, blob", () => {
  it.each([
    "http://example.com",
    "https://example.com/a?b=c",
    "FTP://files.example.com/x.zip",
    "blob:https://app.example/1b9d6bcd-bbfd-4b2d",
  ])("%s is external", (url) => {
    expect(isExternalUrl(url)).toBe(true);
  });
  it.each(["/explore", "mailto:a@b.co", "javascript:alert(1)", "example.com", "https://", ""])(
    "%s is not",
    (url) => {
      expect(isExternalUrl(url)).toBe(false);
    },
  );
});

describe("social links: 'Please provide a valid {0} url'", () => {
  it("a link on the network's host passes, with or without www or a subdomain", () => {
    expect(validateSocialLink("Facebook", "https://www.facebook.com/atrium")).toBeNull();
    expect(validateSocialLink("Linkedin", "https://uk.linkedin.com/in/someone")).toBeNull();
    expect(validateSocialLink("X", "https://twitter.com/atrium")).toBeNull();
  });
  it("an empty link is allowed", () => {
    expect(validateSocialLink("Instagram", "")).toBeNull();
  });
  it("another host, a look-alike host or not a URL is refused", () => {
    expect(validateSocialLink("Facebook", "https://example.com/atrium")).toBe(
      "Please provide a valid Facebook url",
    );
    expect(validateSocialLink("Facebook", "https://notfacebook.com/x")).toBe(
      "Please provide a valid Facebook url",
    );
    expect(validateSocialLink("Linkedin", "linkedin")).toBe("Please provide a valid Linkedin url");
  });
});

describe("external link: 'Invalid url. Valid url example: {host}'", () => {
  it("an http(s) URL with a host passes", () => {
    expect(
      validateExternalLink("https://atrium.example/docs", "https://atrium.example"),
    ).toBeNull();
    expect(urlHost("https://user@WWW.Example.com:8080/x")).toBe("example.com");
  });
  it("anything else names the example host", () => {
    expect(validateExternalLink("atrium", "https://atrium.example")).toBe(
      "Invalid url. Valid url example: https://atrium.example",
    );
    expect(validateExternalLink("https://localhost", "https://atrium.example")).toBe(
      "Invalid url. Valid url example: https://atrium.example",
    );
  });
});
