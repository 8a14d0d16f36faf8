import { z } from "zod";
import { coreMessages } from "../messages/core";
import { validateDistrictTitle, validateSubdomain } from "../rules/district-validation";
import { IdSchema } from "./common";

/** The rule functions' messages become the schema's, so server and form say the same words. */
function ruleString(rule: (value: string) => string | null) {
  return z.string({ error: coreMessages.forms.required }).check((context) => {
    const message = rule(context.value);
    if (message !== null) context.issues.push({ code: "custom", message, input: context.value });
  });
}

/**
 * The district wizard's General step (spec 1 §3). `public` is the radio group's string value
 * 'true' or 'false', default 'true' (the public-or-private choice is required).
 */
export const DistrictFormSchema = z.object({
  title: ruleString(validateDistrictTitle),
  subdomain: ruleString(validateSubdomain),
  public: z.enum(["true", "false"], { error: coreMessages.forms.required }).default("true"),
  freeSpaceTemplateId: IdSchema.nullable().default(null),
});
export type DistrictForm = z.infer<typeof DistrictFormSchema>;
