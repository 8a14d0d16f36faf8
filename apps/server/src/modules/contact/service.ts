import { type ContactForm, countryName, messages } from "@atrium/domain";
import type { Mailer } from "../../infra/mailer/mailer.js";
import type { ContactRepo } from "./repo.js";

/** A header value from a visitor: no line breaks or control characters, bounded length. */
const headerSafe = (value: string, max = 120) =>
  value
    .replace(/\p{Cc}+/gu, " ")
    .trim()
    .slice(0, max);

export function createContactService(deps: {
  repo: ContactRepo;
  mailer: Mailer;
  contactTo: string;
}) {
  return {
    /**
     * Sends the contact form to the team's inbox. The form was checked by the route's schema
     * (the spec's messages); nothing reaches here, and nothing is sent, otherwise. Replies go
     * to the visitor; the visitor gets no automatic mail, so the form cannot be used to send
     * mail to strangers.
     */
    async sendContactMessage(form: ContactForm, sender: { ip: string | null }) {
      const name = headerSafe(`${form.firstName} ${form.lastName}`);
      const inquiry = messages.contactForm.inquiryTypes[form.inquiryType];
      const country = countryName(form.country) ?? form.country;
      const text = [
        `${name} wrote through the contact form.`,
        "",
        `Name: ${form.firstName} ${form.lastName}`,
        `E-mail: ${form.email}`,
        ...(form.company ? [`Company: ${form.company}`] : []),
        `Country: ${country} (${form.country})`,
        `About: ${inquiry}`,
        ...(sender.ip ? [`Sent from: ${sender.ip}`] : []),
        "",
        form.message,
      ].join("\n");
      await deps.mailer.send({
        kind: "contact",
        to: deps.contactTo,
        subject: headerSafe(`[Contact] ${inquiry}: ${name}`, 200),
        text,
        replyTo: form.email,
      });
    },

    async signUpForComingSoon(email: string) {
      await deps.repo.addComingSoonSignup(email);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
