import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "./relative-time";

const now = new Date("2025-06-15T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("relative time: now, Nm ago, Nh ago, Nd ago, Nmo ago, Nyr ago", () => {
  it("under a minute is 'now'", () => {
    expect(formatRelativeTime(now, now)).toBe("now");
    expect(formatRelativeTime(ago(59_999), now)).toBe("now");
  });
  it("a time in the future is 'now'", () => {
    expect(formatRelativeTime(ago(-5 * MIN), now)).toBe("now");
  });
  it("minutes", () => {
    expect(formatRelativeTime(ago(MIN), now)).toBe("1m ago");
    expect(formatRelativeTime(ago(59 * MIN + 59_000), now)).toBe("59m ago");
  });
  it("hours", () => {
    expect(formatRelativeTime(ago(HOUR), now)).toBe("1h ago");
    expect(formatRelativeTime(ago(23 * HOUR), now)).toBe("23h ago");
  });
  it("days", () => {
    expect(formatRelativeTime(ago(DAY), now)).toBe("1d ago");
    expect(formatRelativeTime(ago(29 * DAY), now)).toBe("29d ago");
  });
  it("months of 30 days", () => {
    expect(formatRelativeTime(ago(30 * DAY), now)).toBe("1mo ago");
    expect(formatRelativeTime(ago(364 * DAY), now)).toBe("12mo ago");
  });
  it("years of 365 days", () => {
    expect(formatRelativeTime(ago(365 * DAY), now)).toBe("1yr ago");
    expect(formatRelativeTime(ago(3 * 365 * DAY), now)).toBe("3yr ago");
  });
  it("accepts ISO strings", () => {
    expect(formatRelativeTime("2025-06-15T10:00:00Z", now)).toBe("2h ago");
  });
  it("an unreadable date is 'now' rather than 'NaNm ago'", () => {
    expect(formatRelativeTime("not a date", now)).toBe("now");
  });
});
