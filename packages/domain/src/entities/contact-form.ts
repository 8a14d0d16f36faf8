import { z } from "zod";
import { messages } from "../messages";

/** The spec names an inquiry type without listing them; these are Atrium's. */
export const INQUIRY_TYPES = ["general", "sales", "support", "partnership", "press"] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max);

/** The contact form (spec 2 §5.3) with the spec's own messages. */
export const ContactFormSchema = z.object({
  firstName: requiredText(messages.contactForm.firstNameRequired, 100),
  lastName: requiredText(messages.contactForm.lastNameRequired, 100),
  email: z
    .string({ error: messages.contactForm.emailRequired })
    .trim()
    .min(1, { error: messages.contactForm.emailRequired })
    .pipe(z.email({ error: messages.contactForm.emailInvalid })),
  inquiryType: z.enum(INQUIRY_TYPES, { error: messages.contactForm.inquiryTypeRequired }),
  /** ISO 3166-1 alpha-2, upper case. */
  country: z
    .string({ error: messages.contactForm.countryRequired })
    .regex(/^[A-Z]{2}$/, { error: messages.contactForm.countryRequired }),
  message: requiredText(messages.contactForm.messageRequired, 5000),
  company: z.string().trim().max(200).optional(),
});
export type ContactForm = z.infer<typeof ContactFormSchema>;

/** The coming-soon page's e-mail field: required and valid. */
export const ComingSoonEmailSchema = z.object({
  email: ContactFormSchema.shape.email,
});
