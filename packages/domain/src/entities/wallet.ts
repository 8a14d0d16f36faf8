import { z } from "zod";

/** The user's credit wallet. */
export const WalletSchema = z.object({
  availableBalance: z.number().int().min(0),
});
export type Wallet = z.infer<typeof WalletSchema>;
