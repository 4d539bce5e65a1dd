-- The audit trail's hash of a searched value is now keyed (hashVisitorValue, app/privacy/visitor-data.server.ts).
-- The hashes written before were plain SHA-256 of a phone number, an e-mail or a session id, which
-- anyone holding the table could reverse by hashing candidates: they are dropped. The masked value
-- stays, so the trail still tells the requests apart.
UPDATE "privacy_requests" SET "search_hash" = '';
