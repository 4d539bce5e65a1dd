import { configureLogging } from "~/server/log.server.ts";

/** The app's JSON log lines would bury the test report; a test that checks one turns logging back on. */
configureLogging({ level: "silent" });
