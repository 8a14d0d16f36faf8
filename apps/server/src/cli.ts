import {
  ACCOUNT_PLANS,
  type AccountPlan,
  IdempotencyKeySchema,
  WALLET_MOVEMENT_MAX,
} from "@atrium/domain";
import { ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { pgliteDirOf } from "./db/embedded.js";
import { migrate } from "./db/migrate.js";
import { AppError, NotFoundError } from "./errors.js";
import { createAdminCommands } from "./modules/accounts/admin-commands.js";
import { createLedger } from "./modules/wallet/ledger.js";

// `npm run admin -- COMMAND`: what an operator does before the product has screens for it
// (plans until payments exist, the admin role). Works on whichever database the environment
// configures: the embedded PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL.

const USAGE = `usage: npm run admin -- COMMAND

  set-plan EMAIL free|standard|pro   grant a plan (pro-user = STANDARD, premium-user = PRO); a higher subscription still wins
  grant-admin EMAIL                  give the admin role (content editing, moderation)
  revoke-admin EMAIL                 take the admin role away
  show EMAIL                         print the account's plan and roles
  grant-credits EMAIL CREDITS [KEY]  add credits to the account's wallet (an admin grant); a KEY
                                     makes a repeated command grant only once
  refund-credits EMAIL TRANSACTION   give back the credits of one of the account's spends (a
                                     movement id from its wallet history), at most once`;

async function main(argv: string[]) {
  const [command, email, value, key] = argv;
  if (!command || !email || command === "help") {
    console.log(USAGE);
    return command ? 0 : 64;
  }
  if (command === "grant-credits") {
    const problem = grantProblem(value, key);
    if (problem) {
      console.error(problem);
      return 64;
    }
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDataDir: pgliteDirOf(config.dataDir),
    poolSize: 1,
  });
  try {
    await migrate(database);
    const admin = createAdminCommands(database.db);
    switch (command) {
      case "set-plan": {
        if (!ACCOUNT_PLANS.includes(value as AccountPlan)) {
          console.error(`the plan must be one of ${ACCOUNT_PLANS.join(", ")}`);
          return 64;
        }
        console.log(describe(await admin.setPlan(email, value as AccountPlan)));
        return 0;
      }
      case "grant-admin":
        console.log(describe(await admin.setAdmin(email, true)));
        return 0;
      case "revoke-admin":
        console.log(describe(await admin.setAdmin(email, false)));
        return 0;
      case "grant-credits": {
        const credits = Number(value);
        const account = await admin.show(email);
        const applied = await createLedger(database.db).apply({
          userId: account.userId,
          kind: "adminGrant",
          credits,
          idempotencyKey: key ?? `admin-grant:${crypto.randomUUID()}`,
          description: "Credits from Atrium",
        });
        const balance = await createLedger(database.db).balance(account.userId);
        console.log(
          `${account.email}: ${applied.replayed ? "already granted" : `granted ${credits} credits`}, balance ${balance}`,
        );
        return 0;
      }
      case "refund-credits": {
        const account = await admin.show(email);
        const ledger = createLedger(database.db);
        const applied = await ledger.refund(value ?? "", account.userId);
        const balance = await ledger.balance(account.userId);
        console.log(
          `${account.email}: ${applied.replayed ? "already refunded" : `refunded ${applied.transaction.amount} credits`}, balance ${balance}`,
        );
        return 0;
      }
      case "show":
        console.log(describe(await admin.show(email)));
        return 0;
      default:
        console.error(`unknown command ${command}\n\n${USAGE}`);
        return 64;
    }
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("no account")) {
      console.error(error.message);
      return 1;
    }
    if (error instanceof AppError) {
      console.error(
        error instanceof NotFoundError ? "no such spend on this account" : error.message,
      );
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

/** What is wrong with grant-credits' CREDITS and KEY, checked before the database opens. */
function grantProblem(value: string | undefined, key: string | undefined) {
  const credits = Number(value);
  if (!/^\d+$/.test(value ?? "") || credits < 1 || credits > WALLET_MOVEMENT_MAX) {
    return `CREDITS must be a whole number from 1 to ${WALLET_MOVEMENT_MAX}`;
  }
  if (key !== undefined && !IdempotencyKeySchema.safeParse(key).success) {
    return "KEY must be 8 to 100 letters, digits or _ . : -";
  }
  return null;
}

function describe(account: { email: string; plan: string; role: string; roles: string[] }) {
  return `${account.email}: plan ${account.plan} (${account.role}), roles [${account.roles.join(", ")}]`;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(error instanceof ConfigError ? 78 : 1);
  },
);
