import type { DistrictWizardState } from "@atrium/domain/rules/district-wizard";
import { describe, expect, it } from "vitest";
import { runSubmission, type SubmissionDeps } from "./submission";
import type { Submission } from "./wizard-session";

const state: DistrictWizardState = {
  mode: "create",
  title: "Museum Row",
  subdomain: "museum-row",
  public: "true",
  freeSpaceTemplateId: "template-a",
  extraSlots: 1,
  templates: [],
};
const cart = {
  slots: [{ districtItemId: "district-item-slot", quantity: 1, priceCoin: 600 }],
  spaceTemplates: [],
};
const fresh = (patch: Partial<Submission> = {}): Submission => ({
  idempotencyKey: "key-12345678",
  checkouts: [
    { kind: "plan", priceId: "plan-pro-year", sessionId: null, paid: false },
    { kind: "bundle", priceId: "bundle-1", sessionId: null, paid: false },
  ],
  settle: true,
  districtId: null,
  subdomain: null,
  freeSceneId: null,
  settled: false,
  ...patch,
});

function fakes(paid = true) {
  const calls: string[] = [];
  let saved: Submission | null = null;
  let sessions = 0;
  const deps: SubmissionDeps = {
    openCheckout: async (priceId) => {
      calls.push(`open ${priceId}`);
      sessions++;
      return { sessionId: `cs_${sessions}`, url: `/checkout/sandbox/cs_${sessions}` };
    },
    waitForPaid: async (sessionId, kind) => {
      calls.push(`wait ${sessionId} ${kind}`);
      return paid;
    },
    createDistrict: async () => {
      calls.push("create");
      return { districtId: "d1", subdomain: "museum-row", freeSceneId: "s1" };
    },
    settle: async (districtId, key) => {
      calls.push(`settle ${districtId} ${key}`);
    },
    leave: (url) => calls.push(`leave ${url}`),
    save: (submission) => {
      saved = submission;
    },
    onPhase: () => {},
  };
  return { deps, calls, saved: () => saved as Submission | null };
}

describe("the district submission", () => {
  it("pays the plan, then the credits, then creates the district, then settles the cart", async () => {
    const run = fakes();
    let outcome = await runSubmission(fresh(), state, cart, null, run.deps);
    expect(outcome).toEqual({ kind: "left" });
    expect(run.calls).toEqual(["open plan-pro-year", "leave /checkout/sandbox/cs_1"]);

    // back from the plan's checkout: wait for it, then the credits' checkout
    outcome = await runSubmission(run.saved() as Submission, state, cart, "cs_1", run.deps);
    expect(outcome).toEqual({ kind: "left" });
    expect(run.calls.slice(2)).toEqual([
      "wait cs_1 plan",
      "open bundle-1",
      "leave /checkout/sandbox/cs_2",
    ]);

    outcome = await runSubmission(run.saved() as Submission, state, cart, "cs_2", run.deps);
    expect(run.calls.slice(5)).toEqual(["wait cs_2 bundle", "create", "settle d1 key-12345678"]);
    expect(outcome).toMatchObject({
      kind: "done",
      submission: { districtId: "d1", freeSceneId: "s1", settled: true },
    });
  });

  it("proceeds directly without payment", async () => {
    const run = fakes();
    const outcome = await runSubmission(
      fresh({ checkouts: [], settle: false }),
      state,
      cart,
      null,
      run.deps,
    );
    expect(run.calls).toEqual(["create"]);
    expect(outcome.kind).toBe("done");
  });

  it("stops on a declined payment and creates nothing", async () => {
    const run = fakes(false);
    const started = fresh({
      checkouts: [{ kind: "bundle", priceId: "bundle-1", sessionId: "cs_9", paid: false }],
    });
    expect(await runSubmission(started, state, cart, "cs_9", run.deps)).toEqual({
      kind: "declined",
    });
    expect(run.calls).toEqual(["wait cs_9 bundle"]);
  });

  it("a retry after a failed settlement does not create the district again", async () => {
    const run = fakes();
    const outcome = await runSubmission(
      fresh({ checkouts: [], districtId: "d1" }),
      state,
      cart,
      null,
      run.deps,
    );
    expect(run.calls).toEqual(["settle d1 key-12345678"]);
    expect(outcome.kind).toBe("done");
  });
});
