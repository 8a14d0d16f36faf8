import { describe, expect, it } from "vitest";
import { iceServersFor, turnCredential } from "./turn-credentials.js";

describe("time-limited TURN credentials (the TURN REST API convention coturn checks)", () => {
  it("names the expiry and the visitor, and signs it with HMAC-SHA1 of the shared secret", () => {
    // the same value as `printf 1700003600:alice | openssl dgst -sha1 -hmac coturn-shared-secret -binary | base64`
    expect(turnCredential("coturn-shared-secret", "alice", 1_700_003_600)).toEqual({
      username: "1700003600:alice",
      credential: "igdZ8kesMome7M9yvKcGWZZbLTc=",
    });
  });

  it("adds a TURN entry valid for the TTL to ICE_SERVERS, and nothing without a secret", () => {
    const stun = [{ urls: "stun:stun.example.org:3478" }];
    const turn = {
      urls: ["turn:turn.example.org:3478?transport=udp"],
      secret: "coturn-shared-secret",
      ttlSeconds: 3600,
    };
    expect(iceServersFor(stun, null, "alice", 1_700_000_000_500)).toEqual(stun);
    expect(iceServersFor(stun, turn, "alice", 1_700_000_000_500)).toEqual([
      ...stun,
      {
        urls: ["turn:turn.example.org:3478?transport=udp"],
        username: "1700003600:alice",
        credential: "igdZ8kesMome7M9yvKcGWZZbLTc=",
      },
    ]);
  });
});
