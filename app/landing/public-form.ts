import type { SubmissionResult } from "@conform-to/react";

/** What the contact and newsletter actions answer a fetcher: Conform's reply, read by the forms. */
export type PublicFormReply = { result: SubmissionResult<string[]> };
