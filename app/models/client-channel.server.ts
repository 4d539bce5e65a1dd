import { and, eq } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { channelDeliveries, clientChannels } from "#db/schema.ts";
import type { MessagingChannel } from "#db/vocabulary.ts";

export type ClientChannelRow = typeof clientChannels.$inferSelect;

export async function listClientChannels(db: Database, clientId: number): Promise<ClientChannelRow[]> {
  return db.select().from(clientChannels).where(eq(clientChannels.clientId, clientId));
}

export async function findClientChannel(
  db: Database,
  clientId: number,
  channel: MessagingChannel,
): Promise<ClientChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(clientChannels)
    .where(and(eq(clientChannels.clientId, clientId), eq(clientChannels.channel, channel)))
    .limit(1);
  return row;
}

/** The connection a webhook names: WhatsApp's phone number id, or the bot id in Telegram's path. */
export async function findChannelByAccount(
  db: Database,
  channel: MessagingChannel,
  accountId: string,
): Promise<ClientChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(clientChannels)
    .where(and(eq(clientChannels.channel, channel), eq(clientChannels.accountId, accountId)))
    .limit(1);
  return row;
}

/** The connection whose verify token Meta's handshake repeats. */
export async function findChannelByWebhookSecret(
  db: Database,
  channel: MessagingChannel,
  webhookSecret: string,
): Promise<ClientChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(clientChannels)
    .where(and(eq(clientChannels.channel, channel), eq(clientChannels.webhookSecret, webhookSecret)))
    .limit(1);
  return row;
}

/**
 * Saves a connection; the encrypted token and app secret only when new ones are given (`undefined`
 * keeps the stored one). A new connection needs its token, so the caller gives it.
 */
export async function saveClientChannel(
  db: Database,
  values: {
    clientId: number;
    channel: MessagingChannel;
    accountId: string;
    accessTokenEncrypted: string;
    appSecretEncrypted: string | null;
    webhookSecret: string;
  },
) {
  await db
    .insert(clientChannels)
    .values(values)
    .onConflictDoUpdate({
      target: [clientChannels.clientId, clientChannels.channel],
      set: {
        accountId: values.accountId,
        accessTokenEncrypted: values.accessTokenEncrypted,
        appSecretEncrypted: values.appSecretEncrypted,
        webhookSecret: values.webhookSecret,
        enabled: true,
        updatedAt: new Date(),
      },
    });
}

export async function deleteClientChannel(db: Database, clientId: number, channel: MessagingChannel) {
  await db
    .delete(clientChannels)
    .where(and(eq(clientChannels.clientId, clientId), eq(clientChannels.channel, channel)));
}

/** Takes a delivery (WhatsApp's message id, Telegram's update_id) once: false when it was taken before. */
export async function takeChannelDelivery(
  db: Database,
  delivery: { channel: MessagingChannel; clientId: number; externalId: string },
): Promise<boolean> {
  const taken = await db
    .insert(channelDeliveries)
    .values(delivery)
    .onConflictDoNothing()
    .returning({ externalId: channelDeliveries.externalId });
  return taken.length > 0;
}
