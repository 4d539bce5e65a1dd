import type { Route } from "./+types/healthz";
import { databaseContext } from "~/context.ts";
import { pingDatabase } from "~/models/health.server.ts";
import { readOnlyRoute } from "~/server/method-not-allowed.server.ts";

const HEALTH_TIMEOUT_MS = 2000;

export async function loader({ context }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "no-store" };
  try {
    await Promise.race([
      pingDatabase(context.get(databaseContext)),
      new Promise((_, reject) => setTimeout(() => reject(new Error("database timeout")), HEALTH_TIMEOUT_MS).unref()),
    ]);
    return Response.json({ status: "ok" }, { headers });
  } catch {
    return Response.json({ status: "unavailable", database: "unreachable" }, { status: 503, headers });
  }
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
