import {
  Download,
  ExternalLink,
  Eye,
  FileText,
  FlaskConical,
  Globe,
  MessageCircle,
  Send,
  Settings,
} from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import type { RowIconName } from "./row-icon.tsx";

const ICONS: Record<RowIconName, typeof Download> = {
  download: Download,
  "external-link": ExternalLink,
  eye: Eye,
  "file-text": FileText,
  "flask-conical": FlaskConical,
  globe: Globe,
  "message-circle": MessageCircle,
  send: Send,
  settings: Settings,
};

/** row-icons.svg as it should read: one symbol a row icon, each lucide's own drawing. */
export function rowIconSprite() {
  return `${renderToStaticMarkup(
    <svg xmlns="http://www.w3.org/2000/svg">
      {Object.entries(ICONS).map(([name, Icon]) => (
        <symbol key={name} id={name} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>,
  )}\n`;
}
