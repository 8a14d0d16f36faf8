import { describe, expect, it } from "vitest";
import { formatMessage, validateArrayLength, validateText } from "./format-message";

describe("formatMessage fills the spec's placeholders", () => {
  it("{0} from a list", () => {
    expect(formatMessage("It should contain no more than {0} characters", [100])).toBe(
      "It should contain no more than 100 characters",
    );
  });
  it("{min}, {value} and {host} by name", () => {
    expect(formatMessage("Duration > {min}", { min: 3 })).toBe("Duration > 3");
    expect(formatMessage('Subdomain cannot be "{value}"', { value: "www" })).toBe(
      'Subdomain cannot be "www"',
    );
    expect(
      formatMessage("Invalid url. Valid url example: {host}", { host: "https://example.com" }),
    ).toBe("Invalid url. Valid url example: https://example.com");
  });
  it("a placeholder without a value stays visible", () => {
    expect(formatMessage("Please provide a valid {0} url")).toBe("Please provide a valid {0} url");
  });
  it("every occurrence is replaced", () => {
    expect(formatMessage("{0} and {0}", ["x"])).toBe("x and x");
  });
});

describe("generic form messages", () => {
  it("'Required' for empty text, or a custom 'This field is required'", () => {
    expect(validateText("")).toBe("Required");
    expect(validateText(null, { requiredMessage: "This field is required" })).toBe(
      "This field is required",
    );
  });
  it("'at least {0} characters' and 'It should contain no more than {0} characters'", () => {
    expect(validateText("a", { min: 2 })).toBe("at least 2 characters");
    expect(validateText("a".repeat(101), { max: 100 })).toBe(
      "It should contain no more than 100 characters",
    );
    expect(validateText("a".repeat(100), { max: 100 })).toBeNull();
  });
  it("array rules: maximum default 10, minimum default 3, each with a custom message", () => {
    expect(validateArrayLength([1, 2])).toBe("at least 3 tags");
    expect(validateArrayLength(Array.from({ length: 11 }))).toBe("no more than 10 tags");
    expect(validateArrayLength([1, 2, 3])).toBeNull();
    expect(validateArrayLength([1], { min: 2, minMessage: "Pick {0} or more" })).toBe(
      "Pick 2 or more",
    );
  });
});
