/** Types of tests/support/loopback-guard.mjs. */
export declare const REFUSAL_MARK: string;
export declare function isReservedName(host: string): boolean;
export declare function isLoopback(host: string): boolean;
/** Patches the process's name lookups and connections; `onRefusal` hears of each one refused. */
export declare function installLoopbackGuard(onRefusal: (what: string) => void): void;
