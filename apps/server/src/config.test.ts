import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("loadConfig", () => {
  it("runs on the embedded defaults with an empty environment", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.databaseKind).toBe("pglite");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.SEED_DEMO).toBe(true);
  });

  it("honours PORT, DATA_DIR and DATABASE_URL", () => {
    const config = loadConfig({
      PORT: "4100",
      DATA_DIR: "/tmp/atrium",
      DATABASE_URL: "postgres://127.0.0.1:5432/test",
    });
    expect(config.PORT).toBe(4100);
    expect(config.dataDir).toBe("/tmp/atrium");
    expect(config.databaseKind).toBe("postgres");
    expect(config.publicUrl).toBe("http://localhost:4100");
  });

  it("reads ICE_SERVERS as a JSON array of STUN/TURN servers, none when unset", () => {
    expect(loadConfig({}).ICE_SERVERS).toEqual([]);
    const servers = [
      { urls: "stun:stun.example.org:3478" },
      { urls: ["turn:turn.example.org:3478"], username: "u", credential: "p" },
    ];
    expect(loadConfig({ ICE_SERVERS: JSON.stringify(servers) }).ICE_SERVERS).toEqual(servers);
    expect(() => loadConfig({ ICE_SERVERS: "stun:x" })).toThrow(
      /ICE_SERVERS.*must be a JSON array/,
    );
    expect(() => loadConfig({ ICE_SERVERS: '[{"url":"stun:x"}]' })).toThrow(/ICE_SERVERS/);
  });

  it("reads TURN_URLS, TURN_SECRET and TURN_TTL_SECONDS for time-limited TURN credentials", () => {
    expect(loadConfig({}).turn).toBeNull();
    const turn = loadConfig({
      TURN_URLS: "turn:turn.example.org:3478?transport=udp, turns:turn.example.org:5349",
      TURN_SECRET: "a-long-coturn-secret",
    }).turn;
    expect(turn).toEqual({
      urls: ["turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349"],
      secret: "a-long-coturn-secret",
      ttlSeconds: 3600,
    });
    expect(() => loadConfig({ TURN_SECRET: "a-long-coturn-secret" })).toThrow(/TURN_URLS/);
    expect(() => loadConfig({ TURN_URLS: "turn:turn.example.org" })).toThrow(/TURN_SECRET/);
    expect(() =>
      loadConfig({ TURN_URLS: "stun:x.org", TURN_SECRET: "a-long-coturn-secret" }),
    ).toThrow(/TURN_URLS.*turn: or turns:/);
    try {
      loadConfig({ TURN_URLS: "turn:x.org", TURN_SECRET: "short" });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toContain("TURN_SECRET=(hidden)");
      expect((error as Error).message).not.toContain("short");
    }
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: " " }).databaseKind).toBe("pglite");
  });

  it("names every bad variable", () => {
    try {
      loadConfig({ PORT: "eighty", REDIS_URL: "http://localhost:6379", SEED_DEMO: "maybe" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT="eighty"');
      expect(message).toContain("REDIS_URL=");
      expect(message).toContain("must start with redis:// or rediss://");
      expect(message).toContain('SEED_DEMO="maybe"');
    }
  });

  it("chooses Stripe when both of its secrets are set, and names the missing one otherwise", () => {
    expect(loadConfig({}).stripe).toBeNull();
    const config = loadConfig({
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
    });
    expect(config.stripe).toEqual({
      secretKey: "sk_test_abc",
      webhookSecret: "whsec_abc",
      apiUrl: null,
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/,
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: "whsec_abc" })).toThrow(
      /STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET/,
    );
  });

  it("refuses a malformed Stripe secret without printing it", () => {
    try {
      loadConfig({ STRIPE_SECRET_KEY: "pk_test_public", STRIPE_WEBHOOK_SECRET: "whsec_abc" });
      expect.unreachable();
    } catch (error) {
      const message = (error as ConfigError).message;
      expect(message).toContain("STRIPE_SECRET_KEY=(hidden): must be a Stripe secret key");
      expect(message).not.toContain("pk_test_public");
    }
    expect(() =>
      loadConfig({
        STRIPE_SECRET_KEY: "sk_test_abc",
        STRIPE_WEBHOOK_SECRET: "whsec_abc",
        STRIPE_API_URL: "ftp://stripe.example",
      }),
    ).toThrow(/STRIPE_API_URL/);
  });
});
