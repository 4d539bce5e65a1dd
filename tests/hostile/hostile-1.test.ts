import { describeHostileSuite } from "./hostile-suite.ts";

describeHostileSuite(1, 3);
