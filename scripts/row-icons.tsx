// Writes app/components/ui/row-icons.svg, the row icons' sprite (app/components/ui/row-icon.tsx), after
// an icon is added or lucide is updated: `node --import tsx scripts/row-icons.tsx`.
import { writeFileSync } from "node:fs";
import { rowIconSprite } from "../app/components/ui/row-icons.sprite.tsx";

writeFileSync(new URL("../app/components/ui/row-icons.svg", import.meta.url), rowIconSprite());
