import type { Route } from "./+types/healthz";
import { databaseContext } from "~/context.ts";
import { pingDatabase } from "~/models/health.server.ts";
import { jsonAnswer, readOnlyRoute } from "~/server/json-api.server.ts";

const HEALTH_TIMEOUT_MS = 2000;

export async function loader({ context }: Route.LoaderArgs) {
  try {
    await Promise.race([
      pingDatabase(context.get(databaseContext)),
      new Promise((_, reject) => setTimeout(() => reject(new Error("database timeout")), HEALTH_TIMEOUT_MS).unref()),
    ]);
    return jsonAnswer({ status: "ok" });
  } catch {
    return jsonAnswer({ status: "unavailable", database: "unreachable" }, { status: 503 });
  }
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
