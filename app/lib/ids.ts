import { z } from "zod";

/** A client id in a path: a positive PostgreSQL integer, anything else is no client. */
export const clientIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** What a public session id can be (sess_ and base64url today); anything else is not a session, never a query. */
export const sessionIdSchema = z.string().regex(/^[\w-]{1,200}$/);
