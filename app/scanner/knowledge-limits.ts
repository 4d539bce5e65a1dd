/** A knowledge topic as stored, however it arrives: extracted from a page or sent back through the sales-config API. */
export const KNOWLEDGE_LIMITS = { topicChars: 200, contentChars: 20_000 } as const;
