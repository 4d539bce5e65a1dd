export type JsonBody =
  { kind: "json"; value: unknown } | { kind: "wrong-type" } | { kind: "too-large" } | { kind: "not-json" };

export type JsonObjectBody = { kind: "object"; value: Record<string, unknown> } | Exclude<JsonBody, { kind: "json" }>;

export type RawJsonBody = { kind: "raw"; bytes: Buffer } | Exclude<JsonBody, { kind: "json" }>;

/**
 * Reads at most `maxBytes` of a JSON-typed body, whatever Content-Length claims, as bytes: for a
 * caller that checks a signature over the exact bytes before parsing them (parseJsonBytes).
 */
export async function readRawJsonBody(request: Request, maxBytes: number): Promise<RawJsonBody> {
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
  return { kind: "raw", bytes: Buffer.concat(chunks) };
}

/** UTF-8 JSON bytes parsed, or "not-json". */
export function parseJsonBytes(bytes: Buffer): JsonBody {
  try {
    return { kind: "json", value: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown };
  } catch {
    return { kind: "not-json" };
  }
}

/** Reads at most `maxBytes`, whatever Content-Length claims, and parses it as JSON. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  const body = await readRawJsonBody(request, maxBytes);
  return body.kind === "raw" ? parseJsonBytes(body.bytes) : body;
}

/** The same, accepting only a JSON object. */
export async function readJsonObject(request: Request, maxBytes: number): Promise<JsonObjectBody> {
  const body = await readJsonBody(request, maxBytes);
  if (body.kind !== "json") return body;
  const { value } = body;
  if (!value || typeof value !== "object" || Array.isArray(value)) return { kind: "not-json" };
  return { kind: "object", value: value as Record<string, unknown> };
}
