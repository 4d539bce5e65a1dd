import { eq } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { wordpressConnections } from "#db/schema.ts";

export type WordPressConnectionRow = typeof wordpressConnections.$inferSelect;

export async function findWordPressConnection(
  db: Database,
  clientId: number,
): Promise<WordPressConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(wordpressConnections)
    .where(eq(wordpressConnections.clientId, clientId))
    .limit(1);
  return row;
}

/** Saves the site and user; the encrypted password only when a new one is given (`undefined` keeps it, `null` clears it). */
export async function saveWordPressConnection(
  db: Database,
  clientId: number,
  values: { siteUrl: string; username: string; applicationPasswordEncrypted: string | null | undefined },
) {
  const password =
    values.applicationPasswordEncrypted === undefined
      ? {}
      : { applicationPasswordEncrypted: values.applicationPasswordEncrypted };
  await db
    .insert(wordpressConnections)
    .values({
      clientId,
      siteUrl: values.siteUrl,
      username: values.username,
      applicationPasswordEncrypted: values.applicationPasswordEncrypted ?? null,
    })
    .onConflictDoUpdate({
      target: wordpressConnections.clientId,
      set: { siteUrl: values.siteUrl, username: values.username, ...password, updatedAt: new Date() },
    });
}

export async function deleteWordPressConnection(db: Database, clientId: number) {
  await db.delete(wordpressConnections).where(eq(wordpressConnections.clientId, clientId));
}
