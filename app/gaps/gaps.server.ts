import type { Database } from "#db/connection.ts";
import type { GapKind } from "#db/vocabulary.ts";
import {
  findGapGroup,
  findLastSessionExchange,
  hasGapOfMessage,
  insertGap,
  listGapGroups,
  listGapGroupKeys,
  markGapGroupAnswered,
  openGapGroup,
  reopenGapGroup,
} from "~/models/knowledge-gap.server.ts";
import { gapIdSchema } from "./gap-schema.ts";
import { groupOfKey, questionKey, sharedKeyWords } from "./question-key.server.ts";

/** The open groups the training page lists, and the answered ones under them. */
const LISTED_GROUPS = { open: 50, answered: 20 } as const;

export type Gap = {
  clientId: number;
  sessionId: number;
  messageId: number | null;
  question: string;
  kind: GapKind;
  wrongAnswer?: string | null;
};

/**
 * Keeps a visitor's question as a gap in its group (made on the first). A message is one gap of each
 * kind: asked again, nothing changes (and an answered group stays answered).
 */
export async function recordGap(db: Database, gap: Gap) {
  const key = questionKey(gap.question);
  if (!key) return;
  if (gap.messageId !== null && (await hasGapOfMessage(db, gap.messageId, gap.kind))) return;
  const similar = groupOfKey(key, await listGapGroupKeys(db, gap.clientId));
  if (similar) await reopenGapGroup(db, similar.id, gap.question);
  const groupId =
    similar?.id ?? (await openGapGroup(db, { clientId: gap.clientId, questionKey: key, question: gap.question }));
  await insertGap(db, { ...gap, groupId, wrongAnswer: gap.wrongAnswer ?? null });
}

/**
 * The session's last exchange as a gap: the visitor rated it unhelpful (its reply attached), or a
 * person took the conversation over from it. A session without one has nothing to learn from.
 */
export async function recordLastExchangeGap(
  db: Database,
  session: { id: number; clientId: number },
  kind: "not_helpful" | "handoff",
) {
  const exchange = await findLastSessionExchange(db, session.id);
  if (!exchange) return;
  await recordGap(db, {
    clientId: session.clientId,
    sessionId: session.id,
    messageId: exchange.id,
    question: exchange.userMessage,
    kind,
    wrongAnswer: kind === "not_helpful" ? exchange.aiResponse : null,
  });
}

/**
 * Marks answered the client's open groups that an FAQ entry now answers: those asking what one of
 * its questions asks (a similar key), and the group "Answer this" was opened for (`groupId`), linked
 * to the entry sharing most of its words, else to the last one.
 */
export async function answerGapsWithFaq(
  db: Database,
  clientId: number,
  faqQuestions: readonly string[],
  groupId?: number,
) {
  const faq = faqQuestions.map((question) => ({ questionKey: questionKey(question), question }));
  for (const group of await listGapGroupKeys(db, clientId, { openOnly: true })) {
    const entry = groupOfKey(group.questionKey, faq);
    if (entry) await markGapGroupAnswered(db, clientId, group.id, entry.question);
  }
  if (groupId === undefined || faqQuestions.length === 0) return;
  const group = await findGapGroup(db, clientId, groupId);
  if (!group || group.answeredAt) return;
  const closest = faqQuestions.reduce((best, question) =>
    sharedKeyWords(group.questionKey, questionKey(question)) > sharedKeyWords(group.questionKey, questionKey(best))
      ? question
      : best,
  );
  const linked = sharedKeyWords(group.questionKey, questionKey(closest)) > 0 ? closest : faqQuestions.at(-1)!;
  await markGapGroupAnswered(db, clientId, group.id, linked);
}

/** What the training page shows of a client's gaps. */
export async function loadGaps(db: Database, clientId: number) {
  const [open, answered] = await Promise.all([
    listGapGroups(db, clientId, false, LISTED_GROUPS.open),
    listGapGroups(db, clientId, true, LISTED_GROUPS.answered),
  ]);
  const view = (group: (typeof open)[number]) => ({
    ...group,
    lastAskedAt: group.lastAskedAt.toISOString(),
    answeredAt: group.answeredAt?.toISOString() ?? null,
  });
  return { open: open.map(view), answered: answered.map(view) };
}

export type GapsView = Awaited<ReturnType<typeof loadGaps>>;

/**
 * The open group "Answer this" was opened for, as the FAQ editor fills it in (a visitor's long
 * message cut to what the FAQ's question field holds); undefined for any other id.
 */
export async function gapToAnswer(db: Database, clientId: number, requested: string | null, questionLength: number) {
  const id = gapIdSchema.safeParse(requested ?? undefined);
  if (!id.success) return undefined;
  const group = await findGapGroup(db, clientId, id.data);
  return group && !group.answeredAt
    ? { id: group.id, question: group.question.slice(0, questionLength).trim() }
    : undefined;
}
