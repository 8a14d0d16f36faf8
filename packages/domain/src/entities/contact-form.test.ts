import { describe, expect, it } from "vitest";
import { ContactFormSchema } from "./contact-form";

const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  inquiryType: "sales",
  country: "GB",
  message: "We would like a museum district.",
};

const messageFor = (input: unknown, field: string) => {
  const result = ContactFormSchema.safeParse(input);
  return result.success ? null : result.error.issues.find((i) => i.path[0] === field)?.message;
};

describe("contact form with the spec's messages", () => {
  it("a complete form passes; company is optional", () => {
    expect(ContactFormSchema.safeParse(valid).success).toBe(true);
    expect(ContactFormSchema.parse({ ...valid, company: "Analytical Engines" }).company).toBe(
      "Analytical Engines",
    );
  });
  it("first name required: 'Please let us know your first name'", () => {
    expect(messageFor({ ...valid, firstName: "  " }, "firstName")).toBe(
      "Please let us know your first name",
    );
    expect(messageFor({ ...valid, firstName: undefined }, "firstName")).toBe(
      "Please let us know your first name",
    );
  });
  it("email required ('Please provide an email address') and valid ('Please provide a valid email address')", () => {
    expect(messageFor({ ...valid, email: "" }, "email")).toBe("Please provide an email address");
    expect(messageFor({ ...valid, email: "ada@" }, "email")).toBe(
      "Please provide a valid email address",
    );
  });
  it("country required, as ISO 3166-1 alpha-2: 'Please select your country'", () => {
    expect(messageFor({ ...valid, country: "" }, "country")).toBe("Please select your country");
    expect(messageFor({ ...valid, country: "Greece" }, "country")).toBe(
      "Please select your country",
    );
  });
  it("message required: 'Please type your message'", () => {
    expect(messageFor({ ...valid, message: "" }, "message")).toBe("Please type your message");
  });
  it("last name and inquiry type are required", () => {
    expect(messageFor({ ...valid, lastName: "" }, "lastName")).toBe(
      "Please let us know your last name",
    );
    expect(messageFor({ ...valid, inquiryType: "" }, "inquiryType")).toBe(
      "Please select an inquiry type",
    );
  });
});
