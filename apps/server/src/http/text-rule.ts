import { findTextProblem, printableText, textRuleMessages } from "@atrium/domain";
import type { FastifyInstance } from "fastify";
import { BadRequestError } from "../errors.js";

// Applies the domain's text rule (packages/domain/src/rules/text-rule.ts) to every request, in
// one place: JSON bodies must be valid UTF-8, and no string of the path parameters, the query
// or the parsed body (values and keys) may hold control characters or lone surrogates. Runs
// before any route's own validation, for routes with and without schemas; multipart fields,
// which the routes read themselves, go through `assertTextRule` in their readers.

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

export function registerTextRule(app: FastifyInstance) {
  // the default JSON parser reads the body as a string, which turns invalid UTF-8 into U+FFFD
  // silently; this one refuses it, then parses as the default does (prototype poisoning refused)
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(new BadRequestError(textRuleMessages.invalidUtf8), undefined);
      return;
    }
    void parseJson(request, text, done);
  });

  app.addHook("preValidation", async (request) => {
    assertTextRule(request.params, "params");
    assertTextRule(request.query, "querystring");
    assertTextRule(request.body, "body");
  });
}

/** Throws a 400 naming the field (`body.title`) when a string in `value` breaks the text rule. */
export function assertTextRule(value: unknown, context: string) {
  const problem = findTextProblem(value);
  if (!problem) return;
  const path = [context, ...problem.path.map((segment) => printableText(String(segment)))].join(
    ".",
  );
  throw new BadRequestError(`${path}: ${problem.message}`, [{ path, message: problem.message }]);
}
