import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { apiText, readApiBody } from "~/server/json-api.server.ts";

/** Far above the largest valid config (twelve prompts at their limit, in Hebrew), far below anything that hurts. */
const MAX_BODY_BYTES = 512 * 1024;

/** The config APIs' texts in the operator's language: the client-config namespace, then common's. */
export const configText = (context: Readonly<RouterContextProvider>) => apiText(context, "client-config");

/**
 * The body, capped before parsing and validated; or the 4xx to answer, with a message per field.
 * The schemas' messages are keys of client-config's `errors`; anything else (zod's own) reads as
 * "Not valid".
 */
export function readConfigBody<Schema extends z.ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  schema: Schema,
) {
  const text = configText(context);
  return readApiBody(request, text, schema, {
    maxBytes: MAX_BODY_BYTES,
    fieldMessage: (issue) => {
      if (issue.code === "unrecognized_keys") return text("errors.unknownField");
      return text(issue.message.startsWith("errors.") ? issue.message : "errors.invalid");
    },
    key: (error) =>
      error.issues.some((issue) => issue.message === "errors.unknownSalesStyle")
        ? "errors.unknownSalesStyle"
        : "api.invalid",
  });
}
