import { type Kysely, sql } from "kysely";
import { onPostgres } from "./lib/dialect.ts";

// Frozen in time (decision 011). The home feed's timeline: for each member, the posts of their
// network (themself, accepted contacts, followed members) written since a horizon a few days back.
// - timeline: one row per (reader, post), in feed order (created_at newest first, then post id).
// - timeline_state: the horizon; the timeline holds every such post from it on (older pages are
//   read from the post table).
// - timeline_queue: posts waiting for their fan-out (a background worker inserts their rows in
//   small batches; readers merge the queue in, so a post shows at once). Survives a restart.
// - timeline_pull_author: authors with too many followers to fan out; readers merge their posts in
//   from post(member_id, created_at, id).
// Triggers keep it exact under follows, unfollows, contacts made and dropped and post deletion.
// PostgreSQL: the same tables (PRIMARY KEY (member_id, created_at DESC, post_id) as a b-tree),
// the triggers as plpgsql functions, INSERT ... ON CONFLICT DO NOTHING for INSERT OR IGNORE.

const WINDOW_DAYS = 3;
const PULL_FOLLOWERS = 2_000;

/**
 * Copies one author's posts since the horizon into one reader's timeline (bounded). Rows already
 * there stay: INSERT OR IGNORE on SQLite, ON CONFLICT DO NOTHING on PostgreSQL.
 */
const backfill = (reader: string, author: string, pg = false) => `
    ${pg ? "INSERT" : "INSERT OR IGNORE"} INTO timeline (member_id, created_at, post_id, author_id)
    SELECT ${reader}, p.created_at, p.id, p.member_id FROM post p
    WHERE p.member_id = ${author} AND p.created_at >= (SELECT horizon FROM timeline_state WHERE id = 1)
      AND NOT EXISTS (SELECT 1 FROM timeline_pull_author a WHERE a.member_id = ${author})
    ORDER BY p.created_at DESC, p.id LIMIT 1000${pg ? " ON CONFLICT DO NOTHING" : ""};`;

/** Removes one author's posts from one reader's timeline (a range of the reader's own rows). */
const removeAuthor = (reader: string, author: string) => `
    DELETE FROM timeline WHERE member_id = ${reader} AND author_id = ${author};`;

const following = (reader: string, author: string) =>
  `EXISTS (SELECT 1 FROM follow WHERE follower_id = ${reader} AND followed_id = ${author})`;
const contacts = (reader: string, author: string) =>
  `EXISTS (SELECT 1 FROM contact_link WHERE member_id = ${reader} AND other_id = ${author} AND status = 'accepted')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const pg = onPostgres(db);
  // PostgreSQL has no WITHOUT ROWID tables (every table is a heap) and no DESC in a key; its b-tree
  // reads the key backwards for the newest-first pages.
  await run(
    pg
      ? `CREATE TABLE timeline (
    member_id INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    post_id INTEGER NOT NULL,
    author_id INTEGER NOT NULL,
    PRIMARY KEY (member_id, created_at, post_id)
  )`
      : `CREATE TABLE timeline (
    member_id INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    post_id INTEGER NOT NULL,
    author_id INTEGER NOT NULL,
    PRIMARY KEY (member_id, created_at DESC, post_id)
  ) WITHOUT ROWID`,
  );
  await run(`CREATE TABLE timeline_state (id INTEGER PRIMARY KEY CHECK (id = 1), horizon TEXT NOT NULL)`);
  await run(`CREATE TABLE timeline_queue (
    post_id INTEGER PRIMARY KEY,
    author_id INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    next_member INTEGER NOT NULL DEFAULT 0
  )`);
  // Readers take each queued author's newest posts and stop at a page (a backlog after a burst of posts).
  await run(`CREATE INDEX timeline_queue_author_created_idx ON timeline_queue (author_id, created_at DESC, post_id)`);
  // The fan-out takes an author's queued posts together (a burst of posts costs one pass over the readers).
  await run(`CREATE INDEX timeline_queue_author_idx ON timeline_queue (author_id, next_member, post_id)`);
  await run(`CREATE TABLE timeline_pull_author (member_id INTEGER PRIMARY KEY)`);

  // Backfill: the horizon, the largest accounts, then every reader's rows in key order.
  const horizon = new Date(Date.now() - WINDOW_DAYS * 86_400_000).toISOString();
  await sql`INSERT INTO timeline_state (id, horizon) VALUES (1, ${horizon})`.execute(db);
  await run(`INSERT INTO timeline_pull_author (member_id)
    SELECT followed_id FROM follow GROUP BY followed_id HAVING count(*) > ${PULL_FOLLOWERS}`);
  if (pg) return createPostgresTimelineTriggers(db);
  await run(`INSERT OR IGNORE INTO timeline (member_id, created_at, post_id, author_id)
    SELECT r.reader, p.created_at, p.id, p.member_id
    FROM post p
    JOIN (
      SELECT followed_id AS author, follower_id AS reader FROM follow
      UNION SELECT other_id, member_id FROM contact_link WHERE status = 'accepted'
      UNION SELECT id, id FROM member
    ) r ON r.author = p.member_id
    WHERE p.created_at >= (SELECT horizon FROM timeline_state WHERE id = 1)
      AND p.member_id NOT IN (SELECT member_id FROM timeline_pull_author)
    ORDER BY r.reader, p.created_at DESC, p.id`);

  // A new post waits for its fan-out (unless it is older than the horizon: read from post then).
  await run(`CREATE TRIGGER timeline_post_added AFTER INSERT ON post
    WHEN new.created_at >= (SELECT horizon FROM timeline_state WHERE id = 1)
    BEGIN
      INSERT OR IGNORE INTO timeline_queue (post_id, author_id, created_at) VALUES (new.id, new.member_id, new.created_at);
    END`);
  await run(`CREATE TRIGGER timeline_post_deleted AFTER DELETE ON post
    BEGIN
      DELETE FROM timeline_queue WHERE post_id = old.id;
      DELETE FROM timeline WHERE created_at = old.created_at AND post_id = old.id AND member_id IN (
        SELECT follower_id FROM follow WHERE followed_id = old.member_id
        UNION SELECT member_id FROM contact_link WHERE other_id = old.member_id AND status = 'accepted'
        UNION SELECT old.member_id);
    END`);
  await run(`CREATE TRIGGER timeline_follow_added AFTER INSERT ON follow
    BEGIN ${backfill("new.follower_id", "new.followed_id")} END`);
  await run(`CREATE TRIGGER timeline_follow_removed AFTER DELETE ON follow
    WHEN old.follower_id <> old.followed_id AND NOT ${contacts("old.follower_id", "old.followed_id")}
    BEGIN ${removeAuthor("old.follower_id", "old.followed_id")} END`);
  await run(`CREATE TRIGGER timeline_contact_added AFTER INSERT ON contact_link
    WHEN new.status = 'accepted'
    BEGIN ${backfill("new.member_id", "new.other_id")} END`);
  await run(`CREATE TRIGGER timeline_contact_accepted AFTER UPDATE OF status ON contact_link
    WHEN new.status = 'accepted' AND old.status <> 'accepted'
    BEGIN ${backfill("new.member_id", "new.other_id")} END`);
  await run(`CREATE TRIGGER timeline_contact_ended AFTER UPDATE OF status ON contact_link
    WHEN old.status = 'accepted' AND new.status <> 'accepted' AND old.member_id <> old.other_id AND NOT ${following("old.member_id", "old.other_id")}
    BEGIN ${removeAuthor("old.member_id", "old.other_id")} END`);
  await run(`CREATE TRIGGER timeline_contact_removed AFTER DELETE ON contact_link
    WHEN old.status = 'accepted' AND old.member_id <> old.other_id AND NOT ${following("old.member_id", "old.other_id")}
    BEGIN ${removeAuthor("old.member_id", "old.other_id")} END`);
  await run(`CREATE TRIGGER timeline_member_removed AFTER DELETE ON member
    BEGIN
      DELETE FROM timeline WHERE member_id = old.id;
      DELETE FROM timeline_pull_author WHERE member_id = old.id;
    END`);
}

/**
 * PostgreSQL: the same triggers, each a plpgsql function run by a row trigger of the same name (a
 * new database has no posts to copy yet). A trigger's WHEN cannot hold a subquery there, so the
 * conditions that look at other tables move into the function as IF ... END IF; the others stay in
 * WHEN, so the function is not even called.
 */
async function createPostgresTimelineTriggers(db: Kysely<unknown>): Promise<void> {
  const trigger = async (name: string, event: string, when: string | null, body: string) => {
    await sql
      .raw(
        `CREATE FUNCTION timeline_${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${body}
      RETURN NULL;
    END $$`,
      )
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER timeline_${name} ${event} FOR EACH ROW ${when ? `WHEN (${when}) ` : ""}EXECUTE FUNCTION timeline_${name}()`)
      .execute(db);
  };
  await trigger(
    "post_added",
    "AFTER INSERT ON post",
    null,
    `IF NEW.created_at >= (SELECT horizon FROM timeline_state WHERE id = 1) THEN
      INSERT INTO timeline_queue (post_id, author_id, created_at) VALUES (NEW.id, NEW.member_id, NEW.created_at) ON CONFLICT DO NOTHING;
    END IF;`,
  );
  await trigger(
    "post_deleted",
    "AFTER DELETE ON post",
    null,
    `DELETE FROM timeline_queue WHERE post_id = OLD.id;
      DELETE FROM timeline WHERE created_at = OLD.created_at AND post_id = OLD.id AND member_id IN (
        SELECT follower_id FROM follow WHERE followed_id = OLD.member_id
        UNION SELECT member_id FROM contact_link WHERE other_id = OLD.member_id AND status = 'accepted'
        UNION SELECT OLD.member_id);`,
  );
  await trigger("follow_added", "AFTER INSERT ON follow", null, backfill("NEW.follower_id", "NEW.followed_id", true));
  await trigger(
    "follow_removed",
    "AFTER DELETE ON follow",
    "OLD.follower_id <> OLD.followed_id",
    `IF NOT ${contacts("OLD.follower_id", "OLD.followed_id")} THEN ${removeAuthor("OLD.follower_id", "OLD.followed_id")} END IF;`,
  );
  await trigger(
    "contact_added",
    "AFTER INSERT ON contact_link",
    "NEW.status = 'accepted'",
    backfill("NEW.member_id", "NEW.other_id", true),
  );
  await trigger(
    "contact_accepted",
    "AFTER UPDATE OF status ON contact_link",
    "NEW.status = 'accepted' AND OLD.status <> 'accepted'",
    backfill("NEW.member_id", "NEW.other_id", true),
  );
  const ended = `IF NOT ${following("OLD.member_id", "OLD.other_id")} THEN ${removeAuthor("OLD.member_id", "OLD.other_id")} END IF;`;
  await trigger(
    "contact_ended",
    "AFTER UPDATE OF status ON contact_link",
    "OLD.status = 'accepted' AND NEW.status <> 'accepted' AND OLD.member_id <> OLD.other_id",
    ended,
  );
  await trigger("contact_removed", "AFTER DELETE ON contact_link", "OLD.status = 'accepted' AND OLD.member_id <> OLD.other_id", ended);
  await trigger(
    "member_removed",
    "AFTER DELETE ON member",
    null,
    `DELETE FROM timeline WHERE member_id = OLD.id;
      DELETE FROM timeline_pull_author WHERE member_id = OLD.id;`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    "post_added",
    "post_deleted",
    "follow_added",
    "follow_removed",
    "contact_added",
    "contact_accepted",
    "contact_ended",
    "contact_removed",
    "member_removed",
  ]) {
    // PostgreSQL: dropping the function drops its trigger (a trigger there is named per table).
    await sql.raw(onPostgres(db) ? `DROP FUNCTION IF EXISTS timeline_${t}() CASCADE` : `DROP TRIGGER IF EXISTS timeline_${t}`).execute(db);
  }
  for (const t of ["timeline_pull_author", "timeline_queue", "timeline_state", "timeline"])
    await sql.raw(`DROP TABLE IF EXISTS ${t}`).execute(db);
}
