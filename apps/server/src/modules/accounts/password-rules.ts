import { passwordProblem } from "@atrium/domain";
import { BadRequestError } from "../../errors.js";
import { COMMON_PASSWORDS_TEXT } from "./common-passwords.gen.js";

const commonPasswords = new Set(COMMON_PASSWORDS_TEXT.split("\n").map((line) => line.trim()));

export const isCommonPassword = (candidate: string) => commonPasswords.has(candidate);

/** Refuses a new password that breaks the policy, as a field error on `fieldPath`. */
export function assertAcceptablePassword(
  password: string,
  fieldPath: string,
  account: { email?: string; name?: string } = {},
) {
  const problem = passwordProblem(password, { isCommon: isCommonPassword, ...account });
  if (problem) throw new BadRequestError(problem, [{ path: fieldPath, message: problem }]);
}
