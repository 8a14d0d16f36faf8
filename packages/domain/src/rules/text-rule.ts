// The one rule for text a client sends (docs/decisions.md, "Text a client can send"): every
// string anywhere in a request (JSON body values and keys, query, path parameters, multipart
// fields) is refused, naming the field, when it holds
// - a control character (Unicode category Cc: U+0000–U+001F, U+007F–U+009F) other than tab,
//   line feed and carriage return: NUL cannot be stored in PostgreSQL text or jsonb, and the
//   others are never typed by a person (they come from bugs or probes);
// - a lone surrogate (U+D800–U+DFFF not in a high+low pair): not a character, it cannot be
//   written as UTF-8, and PostgreSQL refuses it in jsonb.
// Text is refused rather than stripped so that what is stored is exactly what was sent.
// The server applies it once for every route (apps/server/src/http/text-rule.ts).

export const textRuleMessages = {
  control: "must not contain the control character {code}",
  surrogate: "must not contain a lone surrogate ({code}); send text as valid Unicode",
  invalidUtf8: "The request body is not valid UTF-8",
} as const;

export interface TextProblem {
  /** Where the string is: object keys and array indexes from the root value. */
  path: (string | number)[];
  message: string;
}

// Cc except \t \n \r, or a high surrogate not followed by a low one, or a low one not after a high one
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is about control characters
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** `text` with every character the rule refuses shown as U+FFFD: for messages that quote it. */
export function printableText(text: string): string {
  return text.replace(new RegExp(FORBIDDEN.source, "g"), "\ufffd");
}

const codeOf = (character: string) =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

/** Why `text` breaks the rule, or null when it is fine. */
export function textProblem(text: string): string | null {
  const found = FORBIDDEN.exec(text);
  if (!found) return null;
  const character = found[0];
  const code = codeOf(character);
  const isSurrogate = character >= "\ud800" && character <= "\udfff";
  return (isSurrogate ? textRuleMessages.surrogate : textRuleMessages.control).replace(
    "{code}",
    code,
  );
}

/**
 * The first string (value or object key) in `value` that breaks the rule. Walks plain objects
 * and arrays only (parsed JSON, query and parameter objects; never buffers or streams), and
 * iteratively, so a deeply nested body cannot exhaust the stack.
 */
export function findTextProblem(value: unknown): TextProblem | null {
  // paths are linked back to their parent, and made into arrays only for the answer
  interface Step {
    value: unknown;
    segment?: string | number;
    parent?: Step;
    isKey?: boolean;
  }
  const pathOf = (step: Step) => {
    const path: (string | number)[] = [];
    for (let at: Step | undefined = step; at?.segment !== undefined; at = at.parent) {
      path.unshift(at.segment);
    }
    return path;
  };
  const pending: Step[] = [{ value }];
  for (let step = pending.pop(); step; step = pending.pop()) {
    if (step.isKey) {
      const message = textProblem(step.segment as string);
      if (message) return { path: pathOf(step), message: `name ${message}` };
    }
    const current = step.value;
    if (typeof current === "string") {
      const message = textProblem(current);
      if (message) return { path: pathOf(step), message };
      continue;
    }
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        pending.push({ value: current[index], segment: index, parent: step });
      }
      continue;
    }
    if (!isPlainObject(current)) continue;
    const keys = Object.keys(current);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index] as string;
      pending.push({ value: current[key], segment: key, parent: step, isKey: true });
    }
  }
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  // parsed JSON, and the null-prototype dictionaries query and route parsers make
  const prototype = Object.getPrototypeOf(value);
  return (
    prototype === Object.prototype ||
    prototype === null ||
    Object.getPrototypeOf(prototype) === null
  );
}
