import type { IncomingMessage } from "node:http";

/** A stand-in's whole request body as text. */
export async function readText(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A stand-in's JSON request body: an empty body is `{}`, one that is not JSON is undefined (the service's 400). */
export async function readJson(request: IncomingMessage) {
  const text = await readText(request);
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return undefined;
  }
}
