import type { Database } from "#db/connection.ts";
import { PRICE_LIST } from "#db/price-list.ts";
import type { FunctionClientDetails } from "#db/vocabulary.ts";
import { hasNameAndPhone, reachableAt } from "~/assistant/contact-details.ts";
import { leadDeliveriesFor } from "~/leads/lead-delivery.server.ts";
import { LEAD_CONTEXT_MESSAGES } from "~/leads/lead-event.ts";
import { saveChatSessionContactDetails } from "~/models/chat-session.server.ts";
import { recordCompletedFunction } from "~/models/completed-function.server.ts";
import { enqueueLeadDeliveries } from "~/models/lead-delivery.server.ts";
import { listRecentSessionExchanges } from "~/models/message.server.ts";
import type { AdmittedClient } from "./message-admission.server.ts";
import type { VisitorMessage } from "./message-schema.ts";

/** The business type (one of `BUSINESS_TYPES`) whose introductions are party planning consultations. */
const PARTY_PLANNING = "party planning platform";

/**
 * Whether the visitor's details may be kept: the client does not ask consent, or the visitor agreed
 * in the widget, before or with this message.
 */
export const consentGiven = (
  client: Pick<AdmittedClient, "askConsent">,
  session: { consentAt: Date | null } | undefined,
  input: Pick<VisitorMessage, "consent">,
) => !client.askConsent || Boolean(session?.consentAt) || input.consent === true;

/**
 * Keeps what the visitor told about themselves (consent already checked): on the session, and once a
 * name and a phone are known as the session's completed function; a new lead or function is queued
 * for the business. Both Alex's answers and the messages of a session a person holds come here.
 */
export async function keepVisitorDetails(
  tx: Database,
  {
    client,
    mailEnabled,
    backOfficeOrigin,
    session,
    known,
    details,
    now,
  }: {
    client: AdmittedClient;
    mailEnabled: boolean;
    backOfficeOrigin: string;
    session: { id: number; publicId: string };
    known: FunctionClientDetails;
    details: FunctionClientDetails;
    now: Date;
  },
) {
  if (JSON.stringify(details) !== JSON.stringify(known)) await saveChatSessionContactDetails(tx, session.id, details);
  // The lead carries what the visitor asked: this message (stored above) and the few before it.
  const lead = async () => ({
    client,
    mailEnabled,
    session,
    now,
    backOfficeOrigin,
    recent: await listRecentSessionExchanges(tx, session.id, LEAD_CONTEXT_MESSAGES),
  });
  if (hasNameAndPhone(details)) {
    const partyPlanning = client.businessType === PARTY_PLANNING;
    const { clientName, phone, ...party } = details;
    const functionType = partyPlanning ? "party_planning_consultation_complete" : "client_introduction_complete";
    const clientDetails = partyPlanning ? { clientName, phone, ...party } : { clientName, phone };
    await recordCompletedFunction(tx, {
      clientId: client.id,
      sessionId: session.id,
      functionType,
      clientDetails,
      profitCents: client.isDemo ? 0 : PRICE_LIST.perCompletedFunctionCents,
      now,
    });
    if (!hasNameAndPhone(known)) {
      await enqueueLeadDeliveries(
        tx,
        leadDeliveriesFor({ ...(await lead()), type: "function.completed", contact: clientDetails, functionType }),
      );
    }
    return true;
  }
  // A first way back (a phone number, or an e-mail address alone) makes the lead.
  if (reachableAt(details) && !reachableAt(known)) {
    await enqueueLeadDeliveries(tx, leadDeliveriesFor({ ...(await lead()), type: "lead.collected", contact: details }));
    return true;
  }
  return false;
}
