import type { Route } from "./+types/not-found";
import { apiText, notFound } from "~/server/json-api.server.ts";

export const loader = ({ context }: Route.LoaderArgs) => notFound(apiText(context));
export const action = ({ context }: Route.ActionArgs) => notFound(apiText(context));
