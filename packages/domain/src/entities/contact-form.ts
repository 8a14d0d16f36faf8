import { z } from "zod";
import { messages } from "../messages";
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
  firstName: checkedText("firstName", messages.contactForm.firstNameRequired),
  lastName: checkedText("lastName", messages.contactForm.lastNameRequired),
  email: checkedText("email", messages.contactForm.emailRequired),
  inquiryType: z.enum(INQUIRY_TYPES, { error: messages.contactForm.inquiryTypeRequired }),
  /** ISO 3166-1 alpha-2, upper case, picked by name from the full list. */
  country: checkedText("country", messages.contactForm.countryRequired),
  message: checkedText("message", messages.contactForm.messageRequired),
  company: checkedText("company", messages.errors.badRequest)
    .optional()
    .transform((value) => value || undefined),
});
export type ContactForm = z.output<typeof ContactFormSchema>;

/** The coming-soon page's e-mail field: required and valid. */
export const ComingSoonEmailSchema = z.object({
  email: z
    .string({ error: messages.contactForm.emailRequired })
    .superRefine((value, context) => {
      const problem = checkEmailField(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .transform((value) => value.trim().toLowerCase()),
});
