import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createJobs } from "./jobs";

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("background jobs (every)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const logger = () => ({ warn: vi.fn() });

  it("runs a job every interval and never starts a run while the last one is going", async () => {
    const jobs = createJobs(logger());
    const runs: ReturnType<typeof deferred>[] = [];
    jobs.every(1000, "slot expiry", () => {
      const run = deferred();
      runs.push(run);
      return run.promise;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3000); // the first run is still going
    expect(runs).toHaveLength(1);
    runs[0]?.resolve();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toHaveLength(2);
    runs[1]?.resolve();
    await jobs.stop();
  });

  it("logs a failed run with the job's name and runs again at the next tick", async () => {
    const log = logger();
    const jobs = createJobs(log);
    const run = vi.fn().mockRejectedValueOnce(new Error("database gone")).mockResolvedValue(3);
    jobs.every(1000, "slot keep-alive", run);
    await vi.advanceTimersByTimeAsync(1000);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ job: "slot keep-alive", err: expect.any(Error) }),
      "slot keep-alive failed",
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledTimes(1);
    await jobs.stop();
  });

  it("a job that throws at once is logged the same way", async () => {
    const log = logger();
    const jobs = createJobs(log);
    jobs.every(1000, "mail retry", () => {
      throw new Error("not a promise");
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ job: "mail retry" }),
      "mail retry failed",
    );
    await jobs.stop();
  });

  it("stop ends every job and waits for the runs under way", async () => {
    const jobs = createJobs(logger());
    const slow = deferred();
    const a = vi.fn(() => slow.promise);
    const b = vi.fn(async () => {});
    jobs.every(1000, "a", a);
    jobs.every(500, "b", b);
    await vi.advanceTimersByTimeAsync(1000);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
    let stopped = false;
    const stopping = jobs.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false); // job a is still running
    slow.resolve();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
    jobs.every(1000, "late", b); // added after stop: never runs
    await vi.advanceTimersByTimeAsync(10_000);
    expect(b).toHaveBeenCalledTimes(2);
  });
});
