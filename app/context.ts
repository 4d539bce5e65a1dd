import type { PersonRole } from "#db/vocabulary.ts";
import { createContext } from "react-router";
import type { Database, LiveEventBus } from "#db/connection.ts";
import type { Env } from "~/env.server.ts";

export type RequestInfo = { ip: string };
/**
 * The signed-in person: who they are, what their role lets them do, and for a business's own people
 * the business they belong to (null for the provider's team).
 */
export type AuthenticatedOperator = {
  id: number;
  username: string;
  displayName: string | null;
  role: PersonRole;
  clientId: number | null;
};

export const databaseContext = createContext<Database>();
export const envContext = createContext<Env>();
/** The live events between app servers (app/live/live-events.server.ts reads and writes them). */
export const liveEventsContext = createContext<LiveEventBus>();
/** Set by the HTTP server from the socket; the default applies under `react-router dev`. */
export const requestInfoContext = createContext<RequestInfo>({ ip: "127.0.0.1" });
export const nonceContext = createContext<string>("");
export const operatorContext = createContext<AuthenticatedOperator>();
/**
 * The business a portal request is about: the signed-in business user's own, set by the portal's guard
 * from their session. Never from the address or the body.
 */
export const portalClientContext = createContext<number>();
/** The signed-in operator's session (its id as stored, a hash of the cookie's token), set beside operatorContext. */
export const authSessionContext = createContext<string>();
