import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readJson } from "./request-body.ts";

/**
 * A local stand-in for Morning's (Green Invoice's) REST API, answering as Morning does (paths under
 * `/api/v1`, JSON bodies, `{ errorCode, errorMessage }` refusals):
 * - POST /account/token with `{ id, secret }` → 200 `{ token, expires }`; wrong key → 401
 * - any other call without a live token → 401 (see `expireTokens`: a token Morning let expire)
 * - POST /documents → 201 `{ id, number, url: { he, en, origin } }`, numbered from 10001 per type;
 *   a body without type, income or payment → 400 (a credit note, type 330, has no payment lines; its
 *   `linkedDocumentIds` must name documents Morning made, else 400)
 * - POST /documents/search `{ type, fromDate, toDate, page, pageSize }` → `{ total, items }`
 * - GET /documents/{id}/download → a small PDF (what the document's links open)
 * `answerNextDocumentAfter(ms)` makes the next document, then holds its answer (a call that times
 * out after Morning made the document); `failNextDocuments(n)` refuses the next calls with a 500.
 */
const CREDIT_NOTE = 330;

export const MORNING_STAND_IN_KEY = { id: "morning-key-id", secret: "morning-key-secret" };

export type StandInDocument = {
  id: string;
  number: number;
  type: number;
  documentDate: string;
  lang: string;
  currency: string;
  remarks: string;
  client: { name?: string };
  income: { description: string; price: number; vatType: number }[];
  payment: { type: number; price: number }[];
  /** The documents a credit note cancels (`linkedDocumentIds`, `linkType` "cancel"). */
  linkedDocumentIds: string[];
  linkType: string | null;
  amount: number;
  createdAt: Date;
};

export type MorningStandIn = {
  /** The API's base, as MORNING_BASE_URL takes it. */
  url: string;
  documents: StandInDocument[];
  /** Every call: method, path and the status answered. */
  calls: string[];
  expireTokens: () => void;
  answerNextDocumentAfter: (ms: number) => void;
  failNextDocuments: (count: number) => void;
  close: () => Promise<void>;
};

function send(response: ServerResponse, status: number, body: unknown) {
  if (response.destroyed) return;
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

const refusal = (errorCode: number, errorMessage: string) => ({ errorCode, errorMessage });

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

export async function startMorningStandIn({ port = 0 }: { port?: number } = {}): Promise<MorningStandIn> {
  const documents: StandInDocument[] = [];
  const calls: string[] = [];
  const tokens = new Set<string>();
  const numbers = new Map<number, number>();
  let holdNextMs = 0;
  let failNext = 0;
  let base = "";

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://stand-in").pathname.replace(/^\/api\/v1/, "");
    const answer = (status: number, body: unknown) => {
      calls.push(`${request.method} ${path} ${status}`);
      send(response, status, body);
    };

    const download = /^\/documents\/([^/]+)\/download$/.exec(path);
    if (request.method === "GET" && download) {
      const found = documents.some((document) => document.id === download[1]);
      calls.push(`GET ${path} ${found ? 200 : 404}`);
      if (!found) return send(response, 404, refusal(2403, "Document not found"));
      response.writeHead(200, { "Content-Type": "application/pdf" });
      response.end(PDF);
      return;
    }
    if (request.method !== "POST") return answer(404, refusal(404, "Not found"));
    const body = await readJson(request);
    if (!body) return answer(400, refusal(1002, "Malformed JSON"));

    if (path === "/account/token") {
      if (body.id !== MORNING_STAND_IN_KEY.id || body.secret !== MORNING_STAND_IN_KEY.secret)
        return answer(401, refusal(401, "Bad API key"));
      const token = randomBytes(24).toString("base64url");
      tokens.add(token);
      return answer(200, { token, expires: Math.floor(Date.now() / 1000) + 3600 });
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!token || !tokens.has(token)) return answer(401, refusal(401, "Unauthorized"));

    if (path === "/documents") {
      if (failNext > 0) {
        failNext -= 1;
        return answer(500, refusal(500, "Internal error"));
      }
      const income = body.income as StandInDocument["income"] | undefined;
      const creditNote = body.type === CREDIT_NOTE;
      const payment = (body.payment ?? (creditNote ? [] : undefined)) as StandInDocument["payment"] | undefined;
      if (typeof body.type !== "number" || !Array.isArray(income) || income.length === 0 || !Array.isArray(payment))
        return answer(400, refusal(1001, "type, income and payment are required"));
      const linkedDocumentIds = Array.isArray(body.linkedDocumentIds) ? body.linkedDocumentIds.map(String) : [];
      if (linkedDocumentIds.some((linked) => !documents.some((document) => document.id === linked)))
        return answer(400, refusal(2403, "Linked document not found"));
      const number = (numbers.get(body.type) ?? 10_000) + 1;
      numbers.set(body.type, number);
      const id = randomUUID();
      const document: StandInDocument = {
        id,
        number,
        type: body.type,
        documentDate: String(body.date ?? ""),
        lang: String(body.lang ?? "he"),
        currency: String(body.currency ?? "ILS"),
        remarks: String(body.remarks ?? ""),
        client: (body.client as StandInDocument["client"]) ?? {},
        income,
        payment,
        linkedDocumentIds,
        linkType: typeof body.linkType === "string" ? body.linkType : null,
        amount: creditNote
          ? income.reduce((sum, line) => sum + line.price, 0)
          : payment.reduce((sum, line) => sum + line.price, 0),
        createdAt: new Date(),
      };
      documents.push(document);
      const created = { id, number: String(number), signed: true, lang: document.lang, url: urlsOf(id) };
      if (holdNextMs > 0) {
        const hold = holdNextMs;
        holdNextMs = 0;
        // The document exists; its answer comes too late for the caller, who gave up.
        await new Promise((resolve) => setTimeout(resolve, hold));
      }
      return answer(201, created);
    }
    if (path === "/documents/search") {
      const types = Array.isArray(body.type) ? (body.type as number[]) : undefined;
      const from = typeof body.fromDate === "string" ? body.fromDate : "0000-00-00";
      const to = typeof body.toDate === "string" ? body.toDate : "9999-99-99";
      const items = documents
        .filter((document) => !types || types.includes(document.type))
        .filter((document) => document.createdAt.toISOString().slice(0, 10) >= from)
        .filter((document) => document.createdAt.toISOString().slice(0, 10) <= to)
        .map((document) => ({
          id: document.id,
          number: String(document.number),
          type: document.type,
          remarks: document.remarks,
          amount: document.amount,
          currency: document.currency,
          url: urlsOf(document.id),
        }));
      return answer(200, { total: items.length, page: 1, pageSize: items.length, pages: 1, items });
    }
    return answer(404, refusal(404, "Not found"));
  });

  const urlsOf = (id: string) => {
    const link = `${base}/documents/${id}/download`;
    return { he: link, en: link, origin: link };
  };

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  return {
    url: base,
    documents,
    calls,
    expireTokens: () => tokens.clear(),
    answerNextDocumentAfter: (ms) => {
      holdNextMs = ms;
    },
    failNextDocuments: (count) => {
      failNext = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
