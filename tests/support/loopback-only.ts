import { afterAll, afterEach } from "vitest";
import { installLoopbackGuard } from "./loopback-guard.mjs";

export { isLoopback, isReservedName } from "./loopback-guard.mjs";

/**
 * Every Vitest test runs under the loopback guard (tests/support/loopback-guard.mjs): an attempt to
 * leave this machine is refused and fails the test, even when the code under test swallows the error.
 */
const attempts: string[] = [];
installLoopbackGuard((what) => attempts.push(what));

/** What the guard refused since the last call, for a test of the guard itself (it then does not fail). */
export function takeAttempts(): string[] {
  return attempts.splice(0);
}

function failOnAttempts() {
  if (attempts.length === 0) return;
  const tried = [...new Set(attempts.splice(0))];
  throw new Error(
    `The test tried to leave this machine (use a .example or .test name, or a stand-in on 127.0.0.1):\n${tried.join("\n")}`,
  );
}

afterEach(failOnAttempts);
afterAll(failOnAttempts);
