import { z } from "zod";
import { contactFormMessages } from "../messages/contact-form";
import { coreMessages } from "../messages/core";
import {
  type ContactField,
  checkContactField,
  checkEmailField,
  INQUIRY_TYPES,
} from "../rules/contact-form-check";

export { INQUIRY_TYPES, type InquiryType } from "../rules/contact-form-check";

/** A field the rule of `checkContactField` decides; missing or not a string says `missing`. */
const checkedText = (field: ContactField, missing: string) =>
  z
    .string({ error: missing })
    .superRefine((value, context) => {
      const problem = checkContactField(field, value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .transform((value) => value.trim());

/**
 * The contact form (spec 2 §5.3) with the spec's own messages. The rules live in
 * `checkContactField`, which the web form runs too, so both say the same words.
 */
export const ContactFormSchema = z.object({
  firstName: checkedText("firstName", contactFormMessages.firstNameRequired),
  lastName: checkedText("lastName", contactFormMessages.lastNameRequired),
  email: checkedText("email", contactFormMessages.emailRequired),
  inquiryType: z.enum(INQUIRY_TYPES, { error: contactFormMessages.inquiryTypeRequired }),
  /** ISO 3166-1 alpha-2, upper case, picked by name from the full list. */
  country: checkedText("country", contactFormMessages.countryRequired),
  message: checkedText("message", contactFormMessages.messageRequired),
  company: checkedText("company", coreMessages.errors.badRequest)
    .optional()
    .transform((value) => value || undefined),
});
export type ContactForm = z.output<typeof ContactFormSchema>;

/** The coming-soon page's e-mail field: required and valid. */
export const ComingSoonEmailSchema = z.object({
  email: z
    .string({ error: contactFormMessages.emailRequired })
    .superRefine((value, context) => {
      const problem = checkEmailField(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .transform((value) => value.trim().toLowerCase()),
});
