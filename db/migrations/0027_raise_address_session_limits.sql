-- The per-address limit of new conversations went from 10 to 60 an hour (SESSION_LIMIT_DEFAULTS in
-- db/price-list.ts): 10 turned away visitors behind one mobile carrier's shared address. Clients
-- still at the old default get the new one; a limit an operator chose otherwise stays.
UPDATE "clients" SET "sessions_per_address_per_hour" = 60 WHERE "sessions_per_address_per_hour" = 10;
