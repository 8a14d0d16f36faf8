import { describe, expect, it } from "vitest";
import { ContactFormSchema } from "../entities/contact-form";
import { checkContactForm, checkEmailField, isValidEmail } from "./contact-form-check";

const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  inquiryType: "sales",
  country: "GB",
  message: "We would like a museum district.",
};

describe("the contact form's rules, shared by the web form and the server", () => {
  it("a complete form has no problems", () => {
    expect(checkContactForm(valid)).toEqual({});
    expect(checkContactForm({ ...valid, company: "Analytical Engines" })).toEqual({});
  });

  it("an empty form names every required field with the spec's message", () => {
    expect(checkContactForm({})).toEqual({
      firstName: "Please let us know your first name",
      lastName: "Please let us know your last name",
      email: "Please provide an email address",
      inquiryType: "Please select an inquiry type",
      country: "Please select your country",
      message: "Please type your message",
    });
  });

  it("a country must be an assigned ISO 3166-1 alpha-2 code", () => {
    expect(checkContactForm({ ...valid, country: "GR" })).toEqual({});
    for (const country of ["gr", "Greece", "XK", "ZZ", "EU", 30]) {
      expect(checkContactForm({ ...valid, country }).country).toBe("Please select your country");
    }
  });

  it("over-long text says how long it may be", () => {
    expect(checkContactForm({ ...valid, message: "x".repeat(5001) }).message).toBe(
      "It should contain no more than 5000 characters",
    );
    expect(checkContactForm({ ...valid, company: "x".repeat(201) }).company).toBe(
      "It should contain no more than 200 characters",
    );
  });

  it.each([
    ["ada@example.com", true],
    ["ada.lovelace+atrium@mail.example.co.uk", true],
    ["ada@", false],
    ["ada@example", false],
    ["ada example@example.com", false],
    ["@example.com", false],
    ["ada@@example.com", false],
    [".ada@example.com", false],
    ["ada.@example.com", false],
    ["ada@example..com", false],
  ])("e-mail %s valid: %s", (email, expected) => {
    expect(isValidEmail(email)).toBe(expected);
  });

  it("the coming-soon e-mail is required and valid", () => {
    expect(checkEmailField("  ")).toBe("Please provide an email address");
    expect(checkEmailField("nope")).toBe("Please provide a valid email address");
    expect(checkEmailField("grace@example.org")).toBeNull();
  });

  it("the server's schema agrees with the rules on every case above", () => {
    const cases = [
      valid,
      {},
      { ...valid, email: "ada@" },
      { ...valid, country: "Greece" },
      { ...valid, firstName: "   " },
      { ...valid, inquiryType: "lunch" },
      { ...valid, message: "x".repeat(5001) },
    ];
    for (const input of cases) {
      const result = ContactFormSchema.safeParse(input);
      const fromSchema = Object.fromEntries(
        (result.success ? [] : result.error.issues).map((issue) => [
          String(issue.path[0]),
          issue.message,
        ]),
      );
      expect(fromSchema).toEqual(checkContactForm(input));
    }
  });
});
