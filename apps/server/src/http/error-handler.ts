import { messages } from "@atrium/domain";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import {
  AppError,
  type FieldProblem,
  PaymentRequiredError,
  TooManyRequestsError,
} from "../errors.js";

const statusNames: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  416: "Range Not Satisfiable",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  502: "Bad Gateway",
};

/**
 * One shape for every error answer: `{ error, message, fields? }`. Anything a client
 * can send ends as a 4xx with a reason; only our own faults are 500s, and those are
 * logged with the request id but never leak their details.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldProblem[] = error.validation.map((issue) => ({
        path: joinPath(error.validationContext, issue.instancePath),
        message: issue.message ?? "Invalid value",
      }));
      const first = fields[0];
      return sendError(
        reply,
        400,
        first ? `${first.path}: ${first.message}` : "Invalid request",
        fields,
      );
    }
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) {
        reply.header("retry-after", String(error.retryAfterSeconds));
      }
      const missing =
        error instanceof PaymentRequiredError
          ? (error as PaymentRequiredError).creditsMissing
          : undefined;
      const extra = missing ? { creditsMissing: missing } : undefined;
      return sendError(reply, error.status, error.message, error.fields, extra);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, status, clientMessage(error));
    }
    request.log.error({ err: error }, "request failed");
    return sendError(reply, 500, messages.errors.somethingWentWrong);
  });
}

export function notFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, 404, `Route ${request.method} ${request.url.split("?")[0]} not found`);
}

export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  fields?: FieldProblem[],
  extra?: { creditsMissing: number },
) {
  const body: {
    error: string;
    message: string;
    fields?: FieldProblem[];
    creditsMissing?: number;
  } = {
    error: statusNames[status] ?? (status >= 500 ? "Internal Server Error" : "Error"),
    message,
  };
  if (fields?.length) body.fields = fields;
  if (extra) body.creditsMissing = extra.creditsMissing;
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}

function clientMessage(error: FastifyError) {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type: send application/json (or multipart/form-data where the call accepts files)";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "Request body is too large";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "Body cannot be empty when content-type is set to 'application/json'";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "Malformed JSON body";
    default:
      return error.message;
  }
}

function joinPath(context: string | undefined, instancePath: string) {
  const segments = instancePath.split("/").filter(Boolean);
  return [context ?? "request", ...segments].join(".");
}
