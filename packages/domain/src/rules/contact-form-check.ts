import { isCountryCode } from "../countries";
import { contactFormMessages } from "../messages/contact-form";
import { coreMessages } from "../messages/core";

// The contact form's rules (spec 2 §5.3) as one plain function, so the browser checks a form
// without shipping a schema library and the server's schema (entities/contact-form.ts) applies
// exactly the same rules with the same messages. No zod here: this file loads on the home page.

export const INQUIRY_TYPES = ["general", "sales", "support", "partnership", "press"] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

export const CONTACT_FIELD_MAX_LENGTH = {
  firstName: 100,
  lastName: 100,
  email: 254,
  company: 200,
  message: 5000,
} as const;

export type ContactField =
  | "firstName"
  | "lastName"
  | "email"
  | "inquiryType"
  | "country"
  | "message"
  | "company";

export type ContactFormInput = Partial<Record<ContactField, unknown>>;
export type ContactFormProblems = Partial<Record<ContactField, string>>;

// one @, no spaces, a dot in the domain, no dot at either end of a part: what mail servers accept
// in practice, without pretending to implement all of RFC 5322
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  return (
    value.length <= CONTACT_FIELD_MAX_LENGTH.email &&
    EMAIL_PATTERN.test(value) &&
    !/^\.|\.@|\.\./.test(value)
  );
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

function tooLong(field: keyof typeof CONTACT_FIELD_MAX_LENGTH) {
  return coreMessages.forms.maxLength.replace("{0}", String(CONTACT_FIELD_MAX_LENGTH[field]));
}

const FIELDS: readonly ContactField[] = [
  "firstName",
  "lastName",
  "email",
  "inquiryType",
  "country",
  "message",
  "company",
];

/** The problem with one field's value, or null. */
export function checkContactField(field: ContactField, value: unknown): string | null {
  switch (field) {
    case "firstName":
      return requiredText(value, field, contactFormMessages.firstNameRequired);
    case "lastName":
      return requiredText(value, field, contactFormMessages.lastNameRequired);
    case "message":
      return requiredText(value, field, contactFormMessages.messageRequired);
    case "email":
      return checkEmailField(value);
    case "inquiryType":
      return (INQUIRY_TYPES as readonly unknown[]).includes(value)
        ? null
        : contactFormMessages.inquiryTypeRequired;
    case "country":
      return typeof value === "string" && isCountryCode(value)
        ? null
        : contactFormMessages.countryRequired;
    case "company":
      if (value === undefined || value === null) return null;
      if (typeof value !== "string") return coreMessages.errors.badRequest;
      return value.trim().length > CONTACT_FIELD_MAX_LENGTH.company ? tooLong(field) : null;
    default: {
      const unknownField: never = field;
      throw new Error(`unknown contact field ${String(unknownField)}`);
    }
  }
}

/** The form's problems by field, in the form's order; an empty object means it can be sent. */
export function checkContactForm(input: ContactFormInput): ContactFormProblems {
  const problems: ContactFormProblems = {};
  for (const field of FIELDS) {
    const problem = checkContactField(field, input[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

function requiredText(
  value: unknown,
  field: "firstName" | "lastName" | "message",
  requiredMessage: string,
): string | null {
  const trimmed = text(value);
  if (!trimmed) return requiredMessage;
  return trimmed.length > CONTACT_FIELD_MAX_LENGTH[field] ? tooLong(field) : null;
}

/** The coming-soon page's e-mail: required and valid (spec 2 §5.3). */
export function checkEmailField(value: unknown): string | null {
  const email = text(value);
  if (!email) return contactFormMessages.emailRequired;
  return isValidEmail(email) ? null : contactFormMessages.emailInvalid;
}
