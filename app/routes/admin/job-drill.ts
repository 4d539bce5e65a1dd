import { z } from "zod";
import type { Route } from "./+types/job-drill";
import { databaseContext, envContext } from "~/context.ts";
import { cardRenewalJob } from "~/jobs/jobs.server.ts";
import { runJob } from "~/jobs/runner.server.ts";
import { mailSettingsOf } from "~/mail/send-mail.server.ts";
import { apiText, jsonError, methodNotAllowed, notFound } from "~/server/json-api.server.ts";
import { cardcomClientFor } from "~/payments/card-payments.server.ts";

/**
 * Tests only: runs a scheduled job now, as the scheduler would at the time posted (`at`), so the
 * end-to-end tests can see what a day's run does without waiting for its hour (tests/e2e/card-mail.spec.ts:
 * the card renewals on the billing day and the retries days later). The run is the scheduler's own
 * (`runJob`: the job's lock, its `job_runs` record for that day's slot). It answers only when the test
 * server sets FAILURE_DRILL; everywhere else, production included, it answers 404 and runs nothing.
 */
const drillSchema = z.object({
  job: z.enum(["card-renewals"]),
  at: z.iso.datetime().transform((value) => new Date(value)),
});

export function loader({ context }: Route.LoaderArgs) {
  requireDrill(context);
  return methodNotAllowed(apiText(context), "POST");
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = requireDrill(context);
  const parsed = drillSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return jsonError(400, apiText(context)("api.invalid"));
  const cardcom = cardcomClientFor(env);
  if (!cardcom) return jsonError(409, apiText(context)("api.unavailable"));
  const job = cardRenewalJob({ cardcom, mail: mailSettingsOf(env), publicUrl: env.PUBLIC_URL });
  const result = await runJob(context.get(databaseContext), job, { now: parsed.data.at, timeZone: env.TZ_DISPLAY });
  return Response.json(result);
}

function requireDrill(context: Route.LoaderArgs["context"]) {
  const env = context.get(envContext);
  // Thrown, a Response is the answer as it is: JSON in the caller's language, like any unknown API address.
  if (!env.FAILURE_DRILL) throw notFound(apiText(context));
  return env;
}
