import type { Route } from "./+types/home";
import { LandingPage } from "~/landing/components/landing-page.tsx";
import { loadLandingPage } from "~/landing/landing-page.server.ts";
import { pageCacheMiddleware } from "~/server/page-cache.server.ts";
import { loadAsDocument } from "~/islands/island-page.tsx";

/** The plain page depends only on the language: its copy and prices live in the build. */
export const middleware: Route.MiddlewareFunction[] = [pageCacheMiddleware()];

export const handle = { i18n: ["landing"], islands: true };

/** The calculator's GET form lands here too: `/?conversations=…&articles=…&solutions=…#calculator`. */
export function loader({ url, context }: Route.LoaderArgs) {
  return loadLandingPage({ url, context });
}

export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "Alex" },
  { name: "description", content: loaderData?.description ?? "" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return <LandingPage data={loaderData} />;
}
