// Loaded into every app server a test starts (`--import`, see tests/support/server.ts): the server
// stays on this machine like the test itself. A refusal is printed with REFUSAL_MARK, and the test's
// `stop()` fails on it, even when the server swallowed the error.
import { installLoopbackGuard, REFUSAL_MARK } from "./loopback-guard.mjs";

installLoopbackGuard((what) => process.stderr.write(`${REFUSAL_MARK} ${what}\n`));
