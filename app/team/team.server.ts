import type { TFunction } from "i18next";
import type { Database } from "#db/connection.ts";
import type { PersonRole } from "#db/vocabulary.ts";
import type { AuthenticatedOperator } from "~/context.ts";
import type { Env } from "~/env.server.ts";
import { publicOrigin } from "~/env.server.ts";
import { mailSettingsOf, sendMail } from "~/mail/send-mail.server.ts";
import {
  consumeAccountToken,
  deleteUnusedAccountTokens,
  findAccountToken,
  insertAccountToken,
} from "~/models/account-token.server.ts";
import { deleteAuthSessionsOf } from "~/models/auth-session.server.ts";
import { findClientById } from "~/models/client.server.ts";
import {
  findOperatorByEmail,
  findOperatorById,
  findPersonInScope,
  insertInvitedOperator,
  listTeam,
  lockActiveOwners,
  setInvitedOperatorPassword,
  setOperatorDisabled,
  setOperatorRole,
  type PeopleScope,
} from "~/models/operator.server.ts";
import { composeInviteMail } from "./invite-mail.server.ts";
import { INVITE_VALID_MS, isTokenShaped, newAccountToken, storedIdOf } from "./invite-token.server.ts";

export type MemberStatus = "active" | "pending" | "expired" | "disabled";
export type { PeopleScope };

/** The provider's team: people with no business. */
export const PROVIDER_TEAM: PeopleScope = { clientId: null };

/**
 * A group's rows (the provider's team, or one business's people): who, with what role, in what state,
 * when last signed in, with a second factor or not. Every function here takes the group, and finds no
 * person of another one.
 */
export async function loadTeam(db: Database, scope: PeopleScope, now = new Date()) {
  const rows = await listTeam(db, scope);
  return rows.map((row) => ({
    id: row.id,
    name: row.displayName ?? row.username,
    username: row.username,
    email: row.email,
    role: row.role,
    status: statusOf(row, now),
    lastSignInAt: row.lastSignInAt,
    secondFactor: row.totpEnabledAt !== null,
  }));
}

function statusOf(
  row: { disabledAt: Date | null; hasPassword: boolean; inviteExpiresAt: Date | string | null },
  now: Date,
): MemberStatus {
  if (row.disabledAt) return "disabled";
  if (row.hasPassword) return "active";
  return row.inviteExpiresAt && new Date(row.inviteExpiresAt) > now ? "pending" : "expired";
}

/** Where an invitation leads: the invite page, opened in the language of the e-mail. */
const inviteLinkOf = (origin: string, token: string, language: string) =>
  `${origin}/invite/${token}?${new URLSearchParams({ lng: language })}`;

type Sender = { env: Env; requestUrl: string; language: string; t: TFunction; inviter: AuthenticatedOperator };

/**
 * What became of an invitation's e-mail. When it could not go (mail off, or the server refused it),
 * the link itself, to show once to the person who made it: it is never stored.
 */
export type InviteDelivery =
  { mailed: true; email: string } | { mailed: false; email: string; link: string; reason: "off" | "failed" };

/** A new link for a person, replacing their earlier unused ones, e-mailed when mail is on. */
async function sendInvitation(
  db: Database,
  sender: Sender,
  person: { id: number; email: string; displayName: string; role: PersonRole; clientId: number | null },
): Promise<InviteDelivery> {
  const { token, id } = newAccountToken();
  await deleteUnusedAccountTokens(db, person.id, "invite");
  await insertAccountToken(db, {
    id,
    operatorId: person.id,
    kind: "invite",
    expiresAt: new Date(Date.now() + INVITE_VALID_MS),
  });
  const link = inviteLinkOf(publicOrigin(sender.env, sender.requestUrl), token, sender.language);
  const settings = mailSettingsOf(sender.env);
  if (!settings) return { mailed: false, email: person.email, link, reason: "off" };
  const business = person.clientId === null ? undefined : await findClientById(db, person.clientId);
  const mail = composeInviteMail(sender.t, sender.language, {
    displayName: person.displayName,
    inviterName: sender.inviter.displayName ?? sender.inviter.username,
    role: person.role,
    link,
    businessName: business?.businessName ?? null,
  });
  const attempt = await sendMail(settings, { to: person.email, ...mail });
  return attempt.ok
    ? { mailed: true, email: person.email }
    : { mailed: false, email: person.email, link, reason: "failed" };
}

export type InviteOutcome = { kind: "taken" } | ({ kind: "invited" } & InviteDelivery);

export async function inviteMember(
  db: Database,
  sender: Sender,
  scope: PeopleScope,
  invite: { email: string; displayName: string; role: PersonRole },
): Promise<InviteOutcome> {
  // One address is one person, on the team or at one business.
  if (await findOperatorByEmail(db, invite.email)) return { kind: "taken" };
  const id = await insertInvitedOperator(db, { ...invite, clientId: scope.clientId, invitedBy: sender.inviter.id });
  // Two invitations of one address at the same moment: the unique indexes let one in.
  if (id === undefined) return { kind: "taken" };
  return { kind: "invited", ...(await sendInvitation(db, sender, { id, clientId: scope.clientId, ...invite })) };
}

export type ResendOutcome = { kind: "notFound" } | { kind: "notInvited" } | ({ kind: "sent" } & InviteDelivery);

/** A new invitation for someone who has not accepted yet; their earlier links stop working. */
export async function resendInvitation(
  db: Database,
  sender: Sender,
  scope: PeopleScope,
  operatorId: number,
): Promise<ResendOutcome> {
  const person = await findPersonInScope(db, scope, operatorId);
  if (!person) return { kind: "notFound" };
  if (person.passwordHash !== null || person.disabledAt || !person.email) return { kind: "notInvited" };
  const delivery = await sendInvitation(db, sender, {
    id: person.id,
    email: person.email,
    displayName: person.displayName ?? person.username,
    role: person.role,
    clientId: person.clientId,
  });
  return { kind: "sent", ...delivery };
}

export type MemberChange = "done" | "notFound" | "lastOwner";

/**
 * Whether the change would leave no owner who can sign in. Read under lockActiveOwners, inside the
 * change's transaction, so two owners demoting or disabling each other at once cannot both succeed.
 */
async function wouldRemoveLastOwner(tx: Database, scope: PeopleScope, operatorId: number) {
  const owners = await lockActiveOwners(tx, scope);
  return owners.includes(operatorId) && owners.length === 1;
}

const OWNER_ROLES: readonly PersonRole[] = ["owner", "business_owner"];

export function changeRole(
  db: Database,
  scope: PeopleScope,
  operatorId: number,
  role: PersonRole,
): Promise<MemberChange> {
  return db.transaction(async (tx) => {
    if (!(await findPersonInScope(tx, scope, operatorId))) return "notFound";
    if (!OWNER_ROLES.includes(role) && (await wouldRemoveLastOwner(tx, scope, operatorId))) return "lastOwner";
    await setOperatorRole(tx, operatorId, role);
    return "done";
  });
}

/** Disables a person and ends every session of theirs at once; their unused invitation goes too. */
export function disableMember(
  db: Database,
  scope: PeopleScope,
  operatorId: number,
  now = new Date(),
): Promise<MemberChange> {
  return db.transaction(async (tx) => {
    const person = await findPersonInScope(tx, scope, operatorId);
    if (!person) return "notFound";
    if (await wouldRemoveLastOwner(tx, scope, operatorId)) return "lastOwner";
    if (!person.disabledAt) await setOperatorDisabled(tx, operatorId, now);
    await deleteAuthSessionsOf(tx, operatorId);
    await deleteUnusedAccountTokens(tx, operatorId, "invite");
    return "done";
  });
}

export async function enableMember(db: Database, scope: PeopleScope, operatorId: number): Promise<MemberChange> {
  if (!(await findPersonInScope(db, scope, operatorId))) return "notFound";
  await setOperatorDisabled(db, operatorId, null);
  return "done";
}

export type InvitationView =
  | {
      state: "open";
      email: string;
      displayName: string;
      role: PersonRole;
      inviterName: string | null;
      /** The business a business's person is invited to; null for the provider's team. */
      businessName: string | null;
    }
  | { state: "unknown" | "gone" };

/**
 * What an invitation link shows. Unknown (never issued, or replaced by a newer one) is a 404; used,
 * expired, or for a person disabled or already signed up since, "gone" (410).
 */
export async function viewInvitation(db: Database, token: string, now = new Date()): Promise<InvitationView> {
  if (!isTokenShaped(token)) return { state: "unknown" };
  const found = await findAccountToken(db, storedIdOf(token), "invite");
  if (!found) return { state: "unknown" };
  if (found.usedAt || found.expiresAt <= now || found.disabledAt || found.hasPassword) return { state: "gone" };
  return {
    state: "open",
    email: found.email ?? found.username,
    displayName: found.displayName ?? "",
    role: found.role,
    inviterName: found.inviterName ?? found.inviterUsername ?? null,
    businessName: found.businessName,
  };
}

/**
 * Accepts an invitation: the link is used up, the password and name set, in one transaction, so a
 * second post of the same link finds it used. Answers the person (their id, and their business when
 * they are a business's), or undefined when the link no longer works. The password arrives hashed:
 * hashing is slow and holds no lock.
 */
export function acceptInvitation(
  db: Database,
  token: string,
  values: { passwordHash: string; displayName: string },
  now = new Date(),
): Promise<{ operatorId: number; clientId: number | null } | undefined> {
  return db.transaction(async (tx) => {
    if (!isTokenShaped(token)) return undefined;
    const view = await viewInvitation(tx, token, now);
    if (view.state !== "open") return undefined;
    const operatorId = await consumeAccountToken(tx, storedIdOf(token), "invite", now);
    if (operatorId === undefined) return undefined;
    await setInvitedOperatorPassword(tx, operatorId, values);
    await deleteUnusedAccountTokens(tx, operatorId, "invite");
    const person = await findOperatorById(tx, operatorId);
    return person && { operatorId, clientId: person.clientId };
  });
}
