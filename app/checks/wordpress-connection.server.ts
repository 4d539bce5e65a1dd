import type { Database } from "#db/connection.ts";
import { findWordPressConnection, saveWordPressConnection } from "~/models/wordpress-connection.server.ts";
import { credentialsKey, encryptSecret } from "./credentials.server.ts";
import type { WordPressConnectionInput, WordPressConnectionView } from "./wordpress-connection-schema.ts";

export async function loadWordPressConnectionView(db: Database, clientId: number): Promise<WordPressConnectionView> {
  const connection = await findWordPressConnection(db, clientId);
  if (!connection) return null;
  return {
    siteUrl: connection.siteUrl,
    username: connection.username,
    passwordSet: Boolean(connection.applicationPasswordEncrypted),
  };
}

/** Saves the form: a new password is encrypted, an empty field keeps the saved one, the checkbox removes it. */
export async function updateWordPressConnection(db: Database, clientId: number, input: WordPressConnectionInput) {
  const password = input.applicationPassword
    ? encryptSecret(credentialsKey(), input.applicationPassword)
    : input.clearPassword
      ? null
      : undefined;
  await saveWordPressConnection(db, clientId, {
    siteUrl: input.siteUrl.replace(/\/+$/, ""),
    username: input.username,
    applicationPasswordEncrypted: password,
  });
}
