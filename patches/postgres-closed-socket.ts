// A build step (a Vite plugin, vite.config.ts) that fixes one defect of postgres.js 3.4.9 as the server
// build bundles it: a write queued for a connection whose socket already closed (PostgreSQL stopped or
// restarted while a transaction held the connection) runs `socket.write` on null in a setImmediate
// callback. That TypeError cannot be caught, so it ends the whole server, and the query it belonged to
// would never settle. The guard settles the connection's queries with CONNECTION_CLOSED instead, as the
// guard proposed in the porsager/postgres repository does (reported there as a crash in nextWrite).
// tests/integration/faults/database-outage.test.ts stops PostgreSQL under traffic and fails without it.
// A postgres.js release whose nextWrite checks its socket makes this file unnecessary: delete it then.
import type { Plugin } from "vite";

const UNGUARDED = "  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)";
const GUARDED = `  function nextWrite(fn) {
    if (!socket) {
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return false
    }
    const x = socket.write(chunk, fn)`;

const CONNECTION_MODULE = /\/node_modules\/postgres\/src\/connection\.js$/;

export function postgresClosedSocket(): Plugin {
  let patched = false;
  return {
    name: "postgres-closed-socket",
    applyToEnvironment: (environment) => environment.config.consumer === "server",
    transform(source, id) {
      if (!CONNECTION_MODULE.test(id)) return null;
      patched = true;
      if (source.includes(UNGUARDED)) return { code: source.replace(UNGUARDED, GUARDED), map: null };
      if (/function nextWrite\(fn\) \{\s*if \(!socket\)/.test(source)) return null;
      throw new Error(
        `patches/postgres-closed-socket.ts no longer matches ${id}: check whether this postgres.js guards nextWrite, then update or delete the patch.`,
      );
    },
    buildEnd(error) {
      // The server build must carry the guard: postgres.js left outside the bundle would load unpatched.
      if (!error && this.environment.name === "ssr" && !patched) {
        this.error(
          "postgres.js was not bundled into the server build, so patches/postgres-closed-socket.ts could not guard it.",
        );
      }
    },
  };
}
