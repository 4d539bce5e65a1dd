import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getI18nInstance, i18nContext } from "~/i18n/middleware.server.ts";
import {
  apiText,
  apiTextIn,
  bodyRefused,
  invalidInput,
  jsonAnswer,
  jsonError,
  methodNotAllowed,
  noContent,
  notFound,
  readApiBody,
  readOnlyRoute,
  tooManyRequests,
} from "./json-api.server.ts";

const english = await apiTextIn("en");
const hebrew = await apiTextIn("he");

const jsonRequest = (body: string, contentType = "application/json") =>
  new Request("http://alex.test/api/x", { method: "POST", headers: { "Content-Type": contentType }, body });

describe("jsonAnswer", () => {
  it("is JSON no cache keeps, with the status and headers asked for", async () => {
    const answer = jsonAnswer({ id: 7 }, { status: 201, headers: { Location: "/api/clients/7" } });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(answer.headers.get("Location")).toBe("/api/clients/7");
    expect(await answer.json()).toEqual({ id: 7 });
  });

  it("lets a caller say otherwise about caching", () => {
    expect(jsonAnswer({}, { headers: { "Cache-Control": "private, no-store" } }).headers.get("Cache-Control")).toBe(
      "private, no-store",
    );
  });

  it("answers nothing with 204, uncached", () => {
    const answer = noContent();
    expect(answer.status).toBe(204);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("jsonError", () => {
  it("is { error } alone when no field is at fault", async () => {
    const answer = jsonError(409, "Already there", { fields: {} });
    expect(answer.status).toBe(409);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(await answer.json()).toEqual({ error: "Already there" });
  });

  it("carries the fields' messages, and what an API's contract adds beside the error", async () => {
    expect(await jsonError(400, "Bad", { fields: { name: "Required" }, extra: { success: false } }).json()).toEqual({
      success: false,
      error: "Bad",
      fields: { name: "Required" },
    });
  });
});

describe("the shared refusals, in the caller's language", () => {
  it("404 says no such endpoint unless the caller names its own text", async () => {
    expect(await notFound(english).json()).toEqual({ error: "No such API endpoint." });
    expect(await notFound(hebrew).json()).toEqual({ error: "נקודת API זו אינה קיימת." });
    const client = notFound(await apiTextIn("en", "clients"), "api.clientNotFound");
    expect(client.status).toBe(404);
    expect(await client.json()).toEqual({ error: "Client not found" });
  });

  it("405 names the methods the path takes", async () => {
    const answer = methodNotAllowed(hebrew, "GET, PUT");
    expect(answer.status).toBe(405);
    expect(answer.headers.get("Allow")).toBe("GET, PUT");
    expect(await answer.json()).toEqual({ error: "השיטה הזו אינה מותרת כאן." });
  });

  it("reads a capability's own wording before common's", async () => {
    expect(await methodNotAllowed(await apiTextIn("en", "invest"), "POST").json()).toEqual({
      error: "Send the inquiry with POST.",
    });
    expect(await methodNotAllowed(await apiTextIn("en", "clients"), "POST").json()).toEqual({
      error: "This method is not allowed here.",
    });
  });

  it("429 says when to try again", async () => {
    const answer = tooManyRequests(english, { retryAfterSeconds: 90 });
    expect(answer.status).toBe(429);
    expect(answer.headers.get("Retry-After")).toBe("90");
    expect(await answer.json()).toEqual({ error: "Too many requests. Please wait a little and try again." });
  });

  it.each([
    ["wrong-type", 415, "Send the request with the Content-Type application/json."],
    ["too-large", 413, "The request is too large."],
    ["not-json", 400, "Send the request as a JSON object."],
  ] as const)("a %s body is %i", async (kind, status, error) => {
    const answer = bodyRefused(english, kind);
    expect(answer.status).toBe(status);
    expect(await answer.json()).toEqual({ error });
  });

  it("a read-only route's 405 takes GET and HEAD, in the request's language", async () => {
    const context = new RouterContextProvider();
    context.set(i18nContext, await getI18nInstance("he"));
    const answer = readOnlyRoute(context);
    expect(answer.status).toBe(405);
    expect(answer.headers.get("Allow")).toBe("GET, HEAD");
    expect(await answer.json()).toEqual({ error: "השיטה הזו אינה מותרת כאן." });
    expect(apiText(context, "clients")("api.clientNotFound")).toBe("הלקוח לא נמצא");
  });
});

describe("invalidInput", () => {
  const schema = z.strictObject({
    name: z.string("errors.businessNameRequired").min(1, "errors.businessNameRequired"),
    address: z.object({ city: z.string() }).optional(),
  });

  it("answers 400 with the first message of each field, named by its path", async () => {
    const parsed = schema.safeParse({ name: 5, address: { city: 3 }, discount: 10 });
    const answer = invalidInput(await apiTextIn("en", "clients"), parsed.error!, {
      fieldMessage: (issue) => issue.code,
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      error: "Some fields are not valid.",
      fields: { name: "invalid_type", "address.city": "invalid_type", discount: "unrecognized_keys" },
    });
  });

  it("reads each message as a key of the caller's texts by default, and lets the issues pick the error", async () => {
    const parsed = schema.safeParse({ name: "" });
    const answer = invalidInput(await apiTextIn("he", "clients"), parsed.error!, { key: () => "api.tooLarge" });
    expect(await answer.json()).toEqual({ error: "הבקשה גדולה מדי.", fields: { name: "שם העסק נדרש" } });
  });
});

describe("readApiBody", () => {
  const schema = z.object({ name: z.string().min(1, "errors.businessNameRequired") });
  const read = (request: Request) => readApiBody(request, english, schema, { maxBytes: 64 });

  it("gives the valid object", async () => {
    expect(await read(jsonRequest(JSON.stringify({ name: "Dana" })))).toEqual({ ok: true, data: { name: "Dana" } });
  });

  it.each([
    ["a form", jsonRequest("name=Dana", "application/x-www-form-urlencoded"), 415],
    ["a body over the cap", jsonRequest(JSON.stringify({ name: "x".repeat(100) })), 413],
    ["an array", jsonRequest("[]"), 400],
    ["a value the schema refuses", jsonRequest(JSON.stringify({ name: "" })), 400],
  ])("refuses %s", async (_, request, status) => {
    const result = await read(request);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.response.status).toBe(status);
  });
});
