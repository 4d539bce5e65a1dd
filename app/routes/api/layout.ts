import type { Route } from "./+types/layout";
import { requireOperatorForApi } from "~/auth/guard.server.ts";

export const middleware: Route.MiddlewareFunction[] = [requireOperatorForApi];
