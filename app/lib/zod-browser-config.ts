import { z } from "zod";

/**
 * Our Content-Security-Policy has no 'unsafe-eval'. Zod probes for it (`new Function`) when it builds
 * its first object schema, to compile fast parsers; the browser reports the probe as a policy
 * violation on every page even though zod catches the refusal. Jitless, it never probes. Imported
 * first by root.tsx, so it runs before any schema of any route module is built; the server keeps
 * the compiled parsers.
 */
if (typeof document !== "undefined") z.config({ jitless: true });
