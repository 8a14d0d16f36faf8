import { z } from "zod";
import { contactFormMessages } from "../messages/contact-form";
import { coreMessages } from "../messages/core";
import { formatMessage } from "./format-message";

// What a person reads when a value breaks a schema: plain words or the spec's own messages
// (forms.required, forms.maxLength...), never zod's wording ("Too small: expected string to
// have >=1 characters"). The one place that words schema problems; a schema's own message
// ({ error: "..." } or .min(1, "...")) still wins over it.

type Issue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "yes or no",
  array: "a list",
  object: "a group of fields",
  date: "a date",
};

const plural = new Intl.PluralRules("en");
const count = (n: number, one: string, other: string) =>
  `${n} ${plural.select(n) === "one" ? one : other}`;

export function plainIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined || issue.input === null) return coreMessages.forms.required;
      const expected = TYPE_NAMES[String(issue.expected)];
      return expected ? `Must be ${expected}` : "Not a valid value";
    }
    case "too_small": {
      const minimum = Number(issue.minimum);
      if (issue.origin === "string") {
        if (minimum <= 1) return coreMessages.forms.required;
        return `Must be ${formatMessage(coreMessages.forms.minLength, [minimum])}`;
      }
      if (issue.origin === "array" || issue.origin === "set") {
        return minimum <= 1 ? "Add at least one" : `Add at least ${minimum}`;
      }
      return issue.inclusive ? `Must be ${minimum} or more` : `Must be more than ${minimum}`;
    }
    case "too_big": {
      const maximum = Number(issue.maximum);
      if (issue.origin === "string") return formatMessage(coreMessages.forms.maxLength, [maximum]);
      if (issue.origin === "array" || issue.origin === "set") {
        return `No more than ${count(maximum, "item", "items")}`;
      }
      if (issue.origin === "file") return "The file is too large";
      return issue.inclusive ? `Must be ${maximum} or less` : `Must be less than ${maximum}`;
    }
    case "invalid_format":
      if (issue.format === "email") return contactFormMessages.emailInvalid;
      if (issue.format === "url") return coreMessages.media.invalidUrl;
      return "Not in the expected form";
    case "not_multiple_of":
      return `Must be a multiple of ${String(issue.divisor)}`;
    case "invalid_value": {
      const values = issue.values.map(String);
      return values.length > 0 && values.length <= 6
        ? `Must be one of: ${values.join(", ")}`
        : "Not one of the allowed values";
    }
    case "unrecognized_keys":
      return `${plural.select(issue.keys.length) === "one" ? "Unknown field" : "Unknown fields"}: ${issue.keys.join(", ")}`;
    case "custom":
      return issue.message ?? "Not a valid value";
    default:
      return "Not a valid value";
  }
}

/** Makes every schema of this process word its problems with plainIssueMessage. */
export function usePlainIssueMessages() {
  z.config({ customError: plainIssueMessage });
}
