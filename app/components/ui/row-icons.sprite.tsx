import {
  BarChart3,
  Bot,
  CheckCircle2,
  CreditCard,
  Download,
  ExternalLink,
  Eye,
  FileText,
  FlaskConical,
  Globe,
  Headset,
  Inbox,
  LayoutDashboard,
  LogOut,
  Menu,
  MessageCircle,
  MessageSquareText,
  MessagesSquare,
  Puzzle,
  Send,
  ServerCog,
  Settings,
  ShieldCheck,
  UserCog,
  Users,
} from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import type { RowIconName } from "./row-icon.tsx";

const ICONS: Record<RowIconName, typeof Download> = {
  bot: Bot,
  "chart-column": BarChart3,
  "circle-check": CheckCircle2,
  "credit-card": CreditCard,
  download: Download,
  "external-link": ExternalLink,
  eye: Eye,
  "file-text": FileText,
  "flask-conical": FlaskConical,
  globe: Globe,
  headset: Headset,
  inbox: Inbox,
  "layout-dashboard": LayoutDashboard,
  "log-out": LogOut,
  menu: Menu,
  "message-circle": MessageCircle,
  "message-square-text": MessageSquareText,
  "messages-square": MessagesSquare,
  puzzle: Puzzle,
  send: Send,
  "server-cog": ServerCog,
  settings: Settings,
  "shield-check": ShieldCheck,
  "user-cog": UserCog,
  users: Users,
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
