// What a new password must be, wherever one is set (a user created or updated, the own password
// changed, the demo users seeded): the rule `password` of schemas/rules.yaml (8 to 32 characters)
// and not one of the most common passwords — the ~49 000 of @zxcvbn-ts/language-common
// (passwords-common), compared case-insensitively (密码过于常见，容易被猜中，请换一个更复杂的密码).
// The list is turned into a Set once, on the first check.
import { dictionary } from "@zxcvbn-ts/language-common";
import { checkRule } from "../../common/validate.ts";
import { scalarText } from "../../common/scalar-text.ts";
import { messages } from "../../../generated/errors.ts";

let common: ReadonlySet<string> | null = null;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return common;
}

/** The password is one of the most common ones (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.normalize("NFC").toLowerCase());
}

/**
 * Why a new password is refused, as the message to show (the rule's, or messages.passwordTooCommon),
 * or null when it may be used. Anything not text is checked as its text (scalarText).
 */
export function passwordProblem(password: unknown): string | null {
  const ruleProblem = checkRule("password", password);
  if (ruleProblem) return ruleProblem;
  return isCommonPassword(scalarText(password)) ? messages.passwordTooCommon : null;
}
