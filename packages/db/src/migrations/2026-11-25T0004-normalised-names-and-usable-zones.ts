import { canonicalTimeZone } from '@breaker/api-contract';
import { type Kysely, sql } from 'kysely';

/**
 * Usernames and e-mail addresses are stored NFC-normalised, so `José` typed composed or decomposed is one name and
 * the existing lower() unique indexes hold after normalisation; a check keeps it so. Accounts that registered twice
 * under the two spellings keep everything: the one stored decomposed (or the later one) gets a suffix of its id on
 * its username and signs in with that name; password and e-mail are unchanged. E-mail addresses never had this
 * problem (the app takes ASCII addresses only), so a clash there stops the migration rather than changing an address.
 *
 * `usable_time_zone` is the zone a stored preference means to the database: a zone PostgreSQL rejects (a legacy name
 * the runtime still knows, such as US/Pacific-New, or anything written straight into the table) reads as UTC instead
 * of failing the query. Stored zones the database rejects are rewritten to their canonical name, or cleared so the
 * browser's zone is taken again at the next sign-in.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await normaliseUsernames(db);
  await sql`update users set email = normalize(email, NFC) where email is not nfc normalized`.execute(db);
  await sql`alter table users add constraint users_username_nfc check (username is nfc normalized)`.execute(db);
  await sql`alter table users add constraint users_email_nfc check (email is nfc normalized)`.execute(db);

  await sql`
    create function usable_time_zone(zone text) returns text language plpgsql stable as $$
    begin
      if zone is null then
        return 'UTC';
      end if;
      perform now() at time zone zone;
      return zone;
    exception when invalid_parameter_value or feature_not_supported then
      return 'UTC';
    end
    $$`.execute(db);
  await repairStoredZones(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function normaliseUsernames(db: Kysely<any>): Promise<void> {
  await sql`
    with ranked as (
      select id, row_number() over (
        partition by lower(normalize(username, NFC))
        order by username is nfc normalized desc, created_at, id
      ) as place
      from users
    )
    update users set username = left(normalize(users.username, NFC), 55) || '-' || left(users.id::text, 8)
    from ranked
    where ranked.id = users.id and ranked.place > 1`.execute(db);
  await sql`update users set username = normalize(username, NFC) where username is not nfc normalized`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function repairStoredZones(db: Kysely<any>): Promise<void> {
  const rejected = await sql<{ timezone: string }>`
    select distinct timezone from preferences
    where timezone is not null and usable_time_zone(timezone) <> timezone`.execute(db);
  for (const { timezone } of rejected.rows) {
    const canonical = canonicalTimeZone(timezone);
    const usable =
      canonical === undefined
        ? undefined
        : await sql<{ zone: string }>`select usable_time_zone(${canonical}) as zone`.execute(db);
    const replacement = usable?.rows[0]?.zone === canonical ? canonical : null;
    await sql`update preferences set timezone = ${replacement} where timezone = ${timezone}`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function usable_time_zone(text)`.execute(db);
  await sql`alter table users drop constraint users_email_nfc`.execute(db);
  await sql`alter table users drop constraint users_username_nfc`.execute(db);
}
