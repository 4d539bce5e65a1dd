// A module hook (registered by server.mjs) that fixes one defect of postgres.js 3.4.9 as it loads:
// a write queued for a connection whose socket already closed (PostgreSQL stopped or restarted while
// a transaction held the connection) runs `socket.write` on null in a setImmediate callback. That
// TypeError cannot be caught, so it ends the whole server, and the query it belonged to would never
// settle. The guard settles the connection's queries with CONNECTION_CLOSED instead, as the guard
// proposed in the porsager/postgres repository does (reported there as a crash in nextWrite).
// tests/integration/faults/database-outage.test.ts stops PostgreSQL under traffic and fails without it.
// A postgres.js release whose nextWrite checks its socket makes this file unnecessary: delete it then.

const UNGUARDED = "  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)";
const GUARDED = `  function nextWrite(fn) {
    if (!socket) {
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return false
    }
    const x = socket.write(chunk, fn)`;

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!/\/node_modules\/postgres\/src\/connection\.js$/.test(url)) return result;
  const source = String(result.source);
  if (!source.includes(UNGUARDED)) {
    if (/function nextWrite\(fn\) \{\s*if \(!socket\)/.test(source)) return result;
    throw new Error(
      `patches/postgres-closed-socket.mjs no longer matches ${url}: check whether this postgres.js guards nextWrite, then update or delete the patch.`,
    );
  }
  return { ...result, source: source.replace(UNGUARDED, GUARDED) };
}
