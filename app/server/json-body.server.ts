export type JsonBody =
  | { kind: "object"; value: Record<string, unknown> }
  | { kind: "wrong-type" }
  | { kind: "too-large" }
  | { kind: "not-json" };

/** The translation key (in the caller's namespace) and status for each way a JSON body can be refused. */
export const JSON_BODY_REFUSALS = {
  "wrong-type": { key: "api.contentType", status: 400 },
  "too-large": { key: "api.tooLarge", status: 413 },
  "not-json": { key: "api.notJson", status: 400 },
} as const;

/** Reads at most `maxBytes`, whatever Content-Length claims, and accepts only a JSON object. */
export async function readJsonObject(request: Request, maxBytes: number): Promise<JsonBody> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType)) return { kind: "wrong-type" };
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) return { kind: "too-large" };

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return { kind: "too-large" };
      }
      chunks.push(value);
    }
  }

  try {
    const value: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)));
    if (!value || typeof value !== "object" || Array.isArray(value)) return { kind: "not-json" };
    return { kind: "object", value: value as Record<string, unknown> };
  } catch {
    return { kind: "not-json" };
  }
}
