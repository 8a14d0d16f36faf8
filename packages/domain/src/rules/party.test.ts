import { describe, expect, it } from "vitest";
import { PARTY_INVITATION_TTL_MS, PARTY_MAX_MEMBERS, partyMessages } from "../parties";
import {
  answerProblem,
  followersOf,
  invitationStatus,
  nextLeader,
  partyInviteProblem,
  planTravel,
} from "./party";

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes)).toISOString();
const party = {
  leaderId: "lea",
  members: [
    { userId: "lea", joinedAt: at(0) },
    { userId: "mo", joinedAt: at(5) },
    { userId: "al", joinedAt: at(5) },
  ],
  pendingInviteeIds: ["pat"],
};

describe("party invitations", () => {
  it("lets any member invite someone new", () => {
    expect(partyInviteProblem(party, "mo", "newbie")).toBeNull();
    expect(partyInviteProblem(party, "lea", "newbie")).toBeNull();
  });
  it("refuses oneself, outsiders, members, the invited and a full party", () => {
    expect(partyInviteProblem(party, "lea", "lea")).toBe(partyMessages.self);
    expect(partyInviteProblem(party, "stranger", "newbie")).toBe(partyMessages.notMember);
    expect(partyInviteProblem(party, "lea", "mo")).toBe(partyMessages.alreadyMember);
    expect(partyInviteProblem(party, "lea", "pat")).toBe(partyMessages.alreadyInvited);
    const pending = Array.from({ length: PARTY_MAX_MEMBERS - 3 }, (_, i) => `p${i}`);
    expect(partyInviteProblem({ ...party, pendingInviteeIds: pending }, "lea", "one-more")).toBe(
      partyMessages.full,
    );
    expect(
      partyInviteProblem({ ...party, pendingInviteeIds: pending.slice(1) }, "lea", "one-more"),
    ).toBeNull();
  });
  it("expires pending invitations after a day and refuses answering twice", () => {
    const created = at(0);
    const t = Date.parse(created);
    expect(invitationStatus("pending", created, t + PARTY_INVITATION_TTL_MS - 1)).toBe("pending");
    expect(invitationStatus("pending", created, t + PARTY_INVITATION_TTL_MS)).toBe("expired");
    expect(invitationStatus("declined", created, t)).toBe("declined");
    expect(answerProblem("pending")).toBeNull();
    expect(answerProblem("expired")).toBe(partyMessages.expired);
    expect(answerProblem("accepted")).toBe(partyMessages.answered);
  });
});

describe("leaving", () => {
  it("hands the lead to the member who joined first (ties by id), and ends with the last", () => {
    expect(nextLeader(party, "lea")).toBe("al");
    expect(nextLeader({ members: [{ userId: "lea", joinedAt: at(0) }] }, "lea")).toBeNull();
  });
});

describe("travelling together", () => {
  it("holds seats for the members who are elsewhere", () => {
    const whereabouts = new Map([
      ["mo", ["other.1"]],
      ["al", []],
    ]);
    expect(planTravel({ leaderId: "lea", sceneId: "s", whereabouts })).toEqual({
      prefer: null,
      seatsFor: ["mo", "al"],
    });
  });
  it("prefers the instance where most members already are, and holds no seat for them", () => {
    const whereabouts = new Map([
      ["mo", ["s.2"]],
      ["al", ["s.2"]],
      ["pat", ["s.1"]],
      ["lea", ["s.1"]],
    ]);
    expect(planTravel({ leaderId: "lea", sceneId: "s", whereabouts })).toEqual({
      prefer: "s.2",
      seatsFor: ["pat"],
    });
    expect(followersOf({ leaderId: "lea", instanceId: "s.2", whereabouts })).toEqual(["pat"]);
    expect(followersOf({ leaderId: "lea", instanceId: "s.3", whereabouts })).toEqual([
      "mo",
      "al",
      "pat",
    ]);
  });
});
