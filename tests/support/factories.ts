import type { Database } from "#db/connection.ts";
import { generateLicenseKey } from "#db/license-key.ts";
import { chatSessions, clients, operators } from "#db/schema.ts";
import type { PersonRole } from "#db/vocabulary.ts";
import { hashPassword } from "~/auth/password.server.ts";

let made = 0;

/**
 * The tests' one way to make a client row: plausible defaults (its e-mail and domain follow its name,
 * a fresh well-formed license key), any column given overrides them. Returns the whole row.
 */
export async function insertClient(db: Database, fields: Partial<typeof clients.$inferInsert> = {}) {
  made += 1;
  const businessName = fields.businessName ?? `Test client ${made}`;
  const slug =
    businessName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || `client-${made}`;
  const [client] = await db
    .insert(clients)
    .values({
      businessName,
      ownerEmail: `owner@${slug}.example`,
      websiteDomain: `${slug}.example`,
      businessType: "services",
      licenseKey: generateLicenseKey(),
      ...fields,
    })
    .returning();
  return client!;
}

/**
 * A chat session of a client, active a minute ago unless told otherwise; any column given overrides
 * the defaults (a WhatsApp session: `{ channel: "whatsapp", channelUserId: "9725…", userIp: null }`).
 */
export async function insertChatSession(
  db: Database,
  clientId: number,
  fields: Partial<typeof chatSessions.$inferInsert> = {},
) {
  made += 1;
  const lastMessageAt = fields.lastMessageAt ?? new Date(Date.now() - 60_000);
  const [session] = await db
    .insert(chatSessions)
    .values({
      publicId: `sess_factory_${made}_${Math.random().toString(36).slice(2, 10)}`,
      clientId,
      startedAt: new Date(lastMessageAt.getTime() - 5 * 60_000),
      lastMessageAt,
      messageCount: 2,
      userIp: "203.0.113.9",
      ...fields,
    })
    .returning();
  return session!;
}

/** The password every person made by `insertPerson` signs in with. */
export const PERSON_PASSWORD = "a-person-password-1";

/**
 * A person who can sign in at once (their password is PERSON_PASSWORD): on the provider's team, or
 * with a business role, one business's (`clientId`). Returns their id and sign-in name.
 */
export async function insertPerson(
  db: Database,
  person: { email: string; role: PersonRole; clientId?: number; displayName?: string },
) {
  const [row] = await db
    .insert(operators)
    .values({
      username: person.email.toLowerCase(),
      email: person.email,
      displayName: person.displayName ?? null,
      role: person.role,
      clientId: person.clientId ?? null,
      passwordHash: await hashPassword(PERSON_PASSWORD),
    })
    .returning({ id: operators.id, username: operators.username });
  return row!;
}
