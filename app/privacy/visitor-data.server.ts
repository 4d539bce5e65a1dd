import { createHmac, hkdfSync } from "node:crypto";
import type { Database } from "#db/connection.ts";
import type { PrivacyAction, VisitorSearchKind } from "#db/vocabulary.ts";
import { credentialsKey } from "~/checks/credentials.server.ts";
import {
  eraseVisitorData,
  findVisitorData,
  recordPrivacyRequest,
  type VisitorCounts,
  type VisitorQuery,
} from "~/models/visitor-data.server.ts";
import { normaliseVisitorValue } from "./visitor-data.ts";

/**
 * What the audit trail shows of the value searched for: enough for an operator to recognise the
 * request, not enough to be the visitor's data (the last 3 characters of a phone or a Telegram chat
 * id or username, an e-mail's first letter and domain, a session id's first 6 characters).
 */
export function maskVisitorValue(kind: VisitorSearchKind, value: string) {
  if (kind === "phone" || kind === "telegram") return `•••${value.slice(-3)}`;
  if (kind === "email") {
    const [local = "", domain = ""] = value.split("@");
    return `${local.slice(0, 1)}•••@${domain}`;
  }
  return `${value.slice(0, 6)}…`;
}

const auditKeys = new WeakMap<Buffer, Buffer>();

/**
 * The audit trail's key, derived from the credentials key (app/checks/credentials.server.ts): as
 * secret and as lasting as that key, without being it.
 */
function auditKey() {
  const credentials = credentialsKey();
  let key = auditKeys.get(credentials);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", credentials, Buffer.alloc(0), "alex privacy audit", 32));
    auditKeys.set(credentials, key);
  }
  return key;
}

/**
 * The audit trail's hash of the normalised value: two requests about one visitor share it. It is
 * keyed (an HMAC) because a phone number has too few possible values to hide behind a plain hash:
 * anyone holding the table could hash every number until one matched, and have the erased visitor
 * back. Without the key the hash shows nothing.
 */
export const hashVisitorValue = (kind: VisitorSearchKind, value: string) =>
  createHmac("sha256", auditKey()).update(`${kind}:${value}`).digest("hex");

export const visitorQueryOf = (kind: VisitorSearchKind, value: string): VisitorQuery => ({
  kind,
  value: normaliseVisitorValue(kind, value),
});

async function audit(
  db: Database,
  request: { clientId: number; operatorId: number; action: PrivacyAction; query: VisitorQuery; counts: VisitorCounts },
) {
  await recordPrivacyRequest(db, {
    clientId: request.clientId,
    operatorId: request.operatorId,
    action: request.action,
    searchKind: request.query.kind,
    searchMasked: maskVisitorValue(request.query.kind, request.query.value),
    searchHash: hashVisitorValue(request.query.kind, request.query.value),
    counts: request.counts,
  });
}

/** The export's JSON (everything stored about the visitor), kept in the audit trail with what it held. */
export async function exportVisitorData(
  db: Database,
  { clientId, operatorId, query, now }: { clientId: number; operatorId: number; query: VisitorQuery; now: Date },
) {
  return db.transaction(async (tx) => {
    const found = await findVisitorData(tx, clientId, query);
    await audit(tx, { clientId, operatorId, action: "export", query, counts: found.counts });
    return { exportedAt: now.toISOString(), clientId, search: { kind: query.kind, value: query.value }, ...found };
  });
}

/** Erases the visitor (app/models/visitor-data.server.ts) and records it, in one transaction: both or neither. */
export async function eraseVisitor(
  db: Database,
  { clientId, operatorId, query }: { clientId: number; operatorId: number; query: VisitorQuery },
) {
  return db.transaction(async (tx) => {
    const counts = await eraseVisitorData(tx, clientId, query);
    await audit(tx, { clientId, operatorId, action: "erase", query, counts });
    return counts;
  });
}
