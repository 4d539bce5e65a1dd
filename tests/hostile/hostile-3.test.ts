import { describeHostileSuite } from "./hostile-suite.ts";

describeHostileSuite(3, 3);
