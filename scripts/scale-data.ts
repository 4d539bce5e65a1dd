/**
 * Fills a migrated PostgreSQL database with a production-sized load, fast, inside PostgreSQL
 * (generate_series INSERT ... SELECT, no rows through Node): by default 300 clients, 100,000 chat
 * sessions over the last 90 days (denser recently, a few clients much busier than the rest),
 * 1,000,000 messages, a completed function in one session of 20, and one session of 10,000
 * messages. About a minute on this machine.
 *
 *   import { loadScaleData } from "./scripts/scale-data.ts";
 *   const summary = await loadScaleData(sql);                  // sql: a postgres.js client
 *   const summary = await loadScaleData(sql, { sessions: 10_000, messages: 100_000 });
 *
 * Everything it writes is marked (business names "Scale business N", session ids "scale_...") and it
 * refuses a database that already has clients, so it never mixes with real data. `now` fixes the
 * timeline for a repeatable run. Used by `npm run bench:scale` (scripts/bench-scale.ts) and the
 * analytics bench.
 */
import type postgres from "postgres";

export type ScaleOptions = {
  clients?: number;
  sessions?: number;
  /** Spread over the sessions (about messages / sessions each); the long session comes on top. */
  messages?: number;
  /** Messages of the one long session, the CSV export's worst case (0: none). */
  longSessionMessages?: number;
  days?: number;
  now?: Date;
};

export type ScaleSummary = {
  clients: number;
  sessions: number;
  messages: number;
  completedFunctions: number;
  /** The public id and client of the long session. */
  longSession?: { sessionId: string; clientId: number };
  seconds: number;
};

export async function loadScaleData(sql: postgres.Sql, options: ScaleOptions = {}): Promise<ScaleSummary> {
  const clientCount = options.clients ?? 300;
  const sessionCount = options.sessions ?? 100_000;
  const messageCount = options.messages ?? 1_000_000;
  const longMessages = options.longSessionMessages ?? 10_000;
  const days = options.days ?? 90;
  const now = (options.now ?? new Date()).toISOString();
  // Session i gets 1 + (i * 7919 mod spread) messages: an even spread whose mean is messages / sessions.
  const spread = Math.max(1, Math.round((2 * messageCount) / sessionCount) - 1);
  const started = performance.now();

  const [{ existing } = { existing: 0 }] = await sql<
    { existing: number }[]
  >`select count(*)::int as existing from clients`;
  if (existing > 0) throw new Error("loadScaleData: the database already has clients; give it an empty, migrated one.");

  await sql.begin(async (tx) => {
    await tx`set local synchronous_commit = off`;
    await tx`
      insert into clients (business_name, owner_email, website_domain, business_type, plan, status, license_key, created_at)
      select 'Scale business ' || i, 'owner' || i || '@scale.example', 'scale' || i || '.example',
             (array['marketing','realestate','restaurant','retail','services'])[1 + i % 5],
             (array['basic','premium','enterprise'])[1 + i % 3],
             case when i % 50 = 0 then 'cancelled' when i % 25 = 0 then 'suspended' else 'active' end,
             'alex_' || md5('scale-license-' || i),
             ${now}::timestamptz - make_interval(days => ${days} + 30 + i % 200)
      from generate_series(1, ${clientCount}) as i`;

    // Sessions: client chosen with a square skew (low ids busiest), start time skewed towards now.
    await tx`
      insert into chat_sessions (public_id, client_id, is_active, message_count, started_at, last_message_at, user_ip, user_agent)
      select 'scale_' || md5('scale-session-' || i),
             (select min(id) from clients) + floor(power(random(), 2) * ${clientCount})::int,
             false,
             1 + (i * 7919) % ${spread},
             start,
             start + make_interval(mins => 2 * ((i * 7919) % ${spread})),
             (10 + i % 200) || '.' || (i / 200 % 250) || '.' || (i / 50000 % 250) || '.' || (1 + i % 254),
             'Mozilla/5.0 (scale)'
      from (select i, ${now}::timestamptz - interval '1 hour' - make_interval(secs => power(random(), 1.7) * ${days} * 86400) as start
            from generate_series(1, ${sessionCount}) as i) as planned`;

    // Messages: the first of a session is its conversation ($1), then articles and solutions now and then.
    await tx`
      insert into messages (session_id, client_id, user_message, ai_response, message_type, cost_cents, response_ms, created_at)
      select s.id, s.client_id,
             'שלום, שאלה מספר ' || n || ' about prices and opening hours',
             'Thanks for asking! Here is answer ' || n || ', with everything you need to know.',
             t.message_type, case when t.message_type in ('conversation', 'article', 'solution') then 100 else 0 end,
             200 + (s.id * n) % 1800,
             s.started_at + make_interval(mins => 2 * (n - 1))
      from chat_sessions s
      cross join lateral generate_series(1, s.message_count) as n
      cross join lateral (select case when n = 1 then 'conversation' when n % 11 = 0 then 'article' when n % 13 = 0 then 'solution'
                                      when n % 17 = 0 then 'contact_collected' else 'general' end as message_type) as t`;

    await tx`
      insert into completed_functions (client_id, session_id, function_type, client_details, profit_cents, completed_at)
      select client_id, id, 'client_introduction_complete',
             jsonb_build_object('clientName', 'Visitor ' || id, 'phone', '050-' || lpad((id % 10000000)::text, 7, '0')),
             100, last_message_at
      from chat_sessions where id % 20 = 0`;

    if (longMessages > 0) {
      await tx`
        insert into chat_sessions (public_id, client_id, is_active, message_count, started_at, last_message_at, user_ip)
        select 'scale_long_session', min(id), false, ${longMessages},
               ${now}::timestamptz - make_interval(mins => 2 * ${longMessages}), ${now}::timestamptz - interval '2 minutes', '192.0.2.1'
        from clients`;
      await tx`
        insert into messages (session_id, client_id, user_message, ai_response, message_type, cost_cents, created_at)
        select s.id, s.client_id, '=SUM(A1:A9) ' || repeat('טקסט ארוך, long text. ', 8) || n,
               repeat('A long, detailed answer with "quotes", commas, and Hebrew: תשובה. ', 6),
               case when n = 1 then 'conversation' else 'general' end, case when n = 1 then 100 else 0 end,
               s.started_at + make_interval(mins => 2 * (n - 1))
        from chat_sessions s, generate_series(1, ${longMessages}) as n
        where s.public_id = 'scale_long_session'`;
    }
  });
  // As autovacuum leaves a production table: statistics, and the visibility map index-only scans need.
  await sql`vacuum analyze`;

  const [counts] = await sql<{ clients: number; sessions: number; messages: number; functions: number }[]>`
    select (select count(*)::int from clients) as clients, (select count(*)::int from chat_sessions) as sessions,
           (select count(*)::int from messages) as messages, (select count(*)::int from completed_functions) as functions`;
  const [long] =
    longMessages > 0
      ? await sql<
          { clientId: number }[]
        >`select client_id as "clientId" from chat_sessions where public_id = 'scale_long_session'`
      : [];
  return {
    clients: counts!.clients,
    sessions: counts!.sessions,
    messages: counts!.messages,
    completedFunctions: counts!.functions,
    longSession: long ? { sessionId: "scale_long_session", clientId: long.clientId } : undefined,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
