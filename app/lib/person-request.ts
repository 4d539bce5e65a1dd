/**
 * Whether a visitor's message asks for a person instead of Alex, in Hebrew or English. It asks to
 * reach someone ("talk to", "speak with", "transfer me", "לדבר עם", "להעביר ל") or names a person of
 * the business on its own ("נציג", "human", "a real person"); a message that merely mentions people
 * ("a party for 20 people", "the agent fee", "כמה אנשים") is not a request, because it takes the
 * conversation away from Alex.
 */
const NAMES_A_PERSON_HE = /נציג|נציגה|נציגים|בן אדם|בנאדם|אדם אמיתי|מישהו אמיתי|מוקדן|מוקדנית|שירות לקוחות/u;
const ASKS_TO_TALK_HE =
  /(?:לדבר|לשוחח|מדבר|לדבר איתו|להעביר אותי|תעביר אותי|תעבירו אותי|לקבל)\s+(?:עם\s+|ל)?(?:מישהו|מישהי|אדם|בן אדם|נציג|מנהל|בעל העסק|מישהו מהצוות)/u;
const ASKS_TO_TALK_EN =
  /\b(?:talk|speak|chat|connect me|transfer me|put me through|get me)\b(?:\s+(?:to|with))?\s+(?:a\s+|an\s+|some\s+|your\s+|the\s+)?(?:real\s+|live\s+|actual\s+)?(?:someone|somebody|person|human|agent|representative|rep|operator|manager|owner|staff|team|people)\b/iu;
const NAMES_A_PERSON_EN =
  /\b(?:(?:a|an)\s+(?:real|live|actual)\s+(?:person|human|agent|someone)|human(?:\s+(?:agent|being|please))?|live agent|real person|real human|customer service|representative)\b/iu;
/** English words that make "human"/"agent" about something else: "human resources", "travel agent". */
const NOT_A_REQUEST_EN = /\b(?:human resources|human rights|travel agent|real estate agent|agent fee|agent's fee)\b/iu;

export function asksForAPerson(message: string): boolean {
  const text = message.normalize("NFC").trim();
  if (text === "") return false;
  if (NAMES_A_PERSON_HE.test(text) || ASKS_TO_TALK_HE.test(text)) return true;
  if (NOT_A_REQUEST_EN.test(text)) return false;
  if (ASKS_TO_TALK_EN.test(text)) return true;
  // "agent" alone is a request only as (nearly) the whole message: "agent please", "Agent!".
  if (/^\W*(?:agent|human|operator|representative|person)\W*(?:please|now|pls)?\W*$/iu.test(text)) return true;
  return NAMES_A_PERSON_EN.test(text);
}
