import { describeHostileSuite } from "./hostile-suite.ts";

describeHostileSuite(2, 3);
