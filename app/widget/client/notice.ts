/**
 * The script of the unknown-license and unavailable pages: in the launcher's frame they too get a
 * close button, so a visitor on a phone (where the frame fills the screen) is never stuck on them.
 */
import { connectToLauncher } from "./frame.ts";

connectToLauncher(document.getElementById("alex-close") as HTMLButtonElement);
