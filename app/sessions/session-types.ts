import type { Channel, MessageRole, MessageType, ReplyDeliveryFailure } from "#db/vocabulary.ts";

/** A chat session as the monitor and the sessions API show it, plus the completed function the monitor's badge shows. */
export type SessionView = {
  sessionId: string;
  clientId: number;
  /** Where the conversation happens: the website's widget, WhatsApp or Telegram. */
  channel: Channel;
  client: { businessName: string; licenseKey: string; businessType: string };
  isActive: boolean;
  messageCount: number;
  startedAt: string;
  lastMessageAt: string;
  userIp: string | null;
  /** The visitor's "How did we do?", 1 to 5; null: not rated. */
  rating: number | null;
  completedFunction: {
    functionType: string;
    clientName: string | null;
    phone: string | null;
    profitAmount: number;
    completedAt: string;
  } | null;
};

export type SessionList = {
  sessions: SessionView[];
  totalSessions: number;
  activeSessions: number;
  averageMessagesPerSession: number;
  totalMessages: number;
  currentPage: number;
  totalPages: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
};

export type ExportedImage = { id: number; name: string; mime: string; size: number; url: string };
export type ExportedMessage = {
  id: number;
  timestamp: string;
  userMessage: string;
  aiResponse: string;
  messageType: MessageType;
  cost: number;
  /** exchange: the visitor and Alex; visitor: the visitor alone (a person held the session); operator: that person's reply. */
  role: MessageRole;
  operatorName: string | null;
  images: ExportedImage[];
  /** What Alex's reply was built from; set by the session pages only (app/gaps/reply-sources.server.ts). */
  sources?: ReplySourceView[];
  /** Whether an operator marked the reply wrong; set where the page offers "Mark as wrong". */
  markedWrong?: boolean;
  /** A person's reply only: whether it reached the visitor on the session's channel, or why not. */
  delivery?: ReplyDelivery;
};

/** What became of a person's reply: delivered (when), failed (why), or neither yet (on its way). */
export type ReplyDelivery = {
  channel: Channel;
  deliveredAt: string | null;
  failure: ReplyDeliveryFailure | null;
  error: string | null;
};

/** One thing a reply was built from, as the session page shows it: what kind, its name, where it links. */
export type ReplySourceView = {
  kind: "faq" | "manual" | "scan" | "hivepress" | "hours" | "tool";
  label: string;
  href: string | null;
};
export type SessionSummary = {
  duration: number;
  totalMessages: number;
  totalCost: number;
  messageTypes: Partial<Record<MessageType, number>>;
};
export type SessionExport = {
  success: true;
  session: SessionView & { messages: ExportedMessage[] };
  summary: SessionSummary;
};
