import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import type { PaymentProvider } from "./provider.js";
import { createSandboxProvider, type SandboxProvider } from "./sandbox.js";
import { createStripeProvider } from "./stripe.js";

/** Stripe when its two secrets are set (config.ts checks they come together), else the sandbox. */
export function choosePaymentProvider(
  config: Pick<Config, "stripe">,
  db: Database,
): { provider: PaymentProvider; sandbox: SandboxProvider | null } {
  if (config.stripe) return { provider: createStripeProvider(config.stripe), sandbox: null };
  const sandbox = createSandboxProvider(db);
  return { provider: sandbox, sandbox };
}
