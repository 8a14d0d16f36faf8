// The contactForm area of the English catalogue (see ../messages.ts): the web loads it with the
// pages that show it (apps/web/src/i18n/areas.ts), the server through `messages`.
export const contactFormMessages = {
  firstNameRequired: "Please let us know your first name",
  // Atrium wording: the spec says the last name is required without quoting a message.
  lastNameRequired: "Please let us know your last name",
  emailRequired: "Please provide an email address",
  emailInvalid: "Please provide a valid email address",
  // Atrium wording: the spec says the inquiry type is required without quoting a message.
  inquiryTypeRequired: "Please select an inquiry type",
  countryRequired: "Please select your country",
  messageRequired: "Please type your message",
  // Atrium wording: the inquiry types (rules/contact-form-check.ts), named in the form and mail.
  inquiryTypes: {
    general: "A general question",
    sales: "Plans, pricing and districts",
    support: "Help with a space or my account",
    partnership: "Partnerships and services",
    press: "Press and media",
  },
} as const;
