import islandScript from "./enhance.ts?bundle";
import publicStyles from "./public.css?inline";

/** What an island page inlines: its stylesheet in the head, its one small script at the end of the body. */
export const ISLAND_PAGE_ASSETS = { styles: publicStyles, script: islandScript };
