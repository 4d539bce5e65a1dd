import { z } from "zod";

/** A client id in a path: a positive PostgreSQL integer, anything else is no client. */
export const clientIdSchema = z.coerce.number().int().positive().max(2_147_483_647);
