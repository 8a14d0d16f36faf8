import { contactFormMessages } from "@atrium/domain/messages/contact-form";
import { addOnDemandCatalogue } from "../on-demand";

// The contactForm area of the domain's catalogue (@atrium/domain/messages/*), added to i18next when
// the code that shows it loads: every module whose strings are under `contactForm.` imports this one
// (areas.test.ts checks it), so the home page does not carry them.
addOnDemandCatalogue({ contactForm: contactFormMessages });
