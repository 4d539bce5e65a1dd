import type { TeamRole } from "#db/vocabulary.ts";
import { createContext } from "react-router";
import type { Database, LiveEventBus } from "#db/connection.ts";
import type { Env } from "~/env.server.ts";

export type RequestInfo = { ip: string };
/** The signed-in member of the provider's team: who they are and what their role lets them do. */
export type AuthenticatedOperator = { id: number; username: string; displayName: string | null; role: TeamRole };

export const databaseContext = createContext<Database>();
export const envContext = createContext<Env>();
/** The live events between app servers (app/live/live-events.server.ts reads and writes them). */
export const liveEventsContext = createContext<LiveEventBus>();
/** Set by the HTTP server from the socket; the default applies under `react-router dev`. */
export const requestInfoContext = createContext<RequestInfo>({ ip: "127.0.0.1" });
export const nonceContext = createContext<string>("");
export const operatorContext = createContext<AuthenticatedOperator>();
/** The signed-in operator's session (its id as stored, a hash of the cookie's token), set beside operatorContext. */
export const authSessionContext = createContext<string>();
