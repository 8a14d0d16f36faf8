import { describe, expect, it } from "vitest";
import { districtSubdomainOf } from "./district-host";

describe("districtSubdomainOf", () => {
  it("finds the district of a subdomain of the base domain", () => {
    expect(districtSubdomainOf("demo.localhost", "localhost")).toBe("demo");
    expect(districtSubdomainOf("Museum.Atrium.example", "atrium.example")).toBe("museum");
  });

  it("is null on the platform's own host and on other hosts", () => {
    expect(districtSubdomainOf("localhost", "localhost")).toBeNull();
    expect(districtSubdomainOf("evil-localhost", "localhost")).toBeNull();
    expect(districtSubdomainOf("example.com", "localhost")).toBeNull();
  });

  it("ignores the reserved names and nested subdomains", () => {
    expect(districtSubdomainOf("www.atrium.example", "atrium.example")).toBeNull();
    expect(districtSubdomainOf("api.atrium.example", "atrium.example")).toBeNull();
    expect(districtSubdomainOf("a.b.atrium.example", "atrium.example")).toBeNull();
  });
});
