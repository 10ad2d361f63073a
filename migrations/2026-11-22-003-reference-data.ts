import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { type Kysely, sql } from "kysely";
import { onPostgres } from "./lib/dialect.ts";

/** Tables as this migration sees them: by name, frozen in time (no import of the app's types). */
type Tables = Record<string, Record<string, unknown>>;

// Frozen in time: the lists below are this migration's own copy. Schools come from
// migrations/data/ (IPEDS colleges and NCES high schools, see its README).

const SPORTS = [
  "American Football",
  "Archery",
  "Athletics (Track and Field)",
  "Australian Rules Football",
  "Badminton",
  "Baseball",
  "Basketball",
  "Beach Volleyball",
  "Bowling",
  "Boxing",
  "Canoeing and Kayaking",
  "Cheerleading",
  "Cricket",
  "Cross Country",
  "Curling",
  "Cycling",
  "Diving",
  "Equestrian",
  "Esports",
  "Fencing",
  "Field Hockey",
  "Figure Skating",
  "Golf",
  "Gymnastics",
  "Handball",
  "Ice Hockey",
  "Judo",
  "Lacrosse",
  "Mixed Martial Arts",
  "Motorsport",
  "Netball",
  "Pickleball",
  "Polo",
  "Powerlifting",
  "Racquetball",
  "Rodeo",
  "Rowing",
  "Rugby League",
  "Rugby Union",
  "Sailing",
  "Skateboarding",
  "Skiing",
  "Snowboarding",
  "Soccer",
  "Softball",
  "Squash",
  "Surfing",
  "Swimming",
  "Table Tennis",
  "Taekwondo",
  "Tennis",
  "Triathlon",
  "Ultimate",
  "Volleyball",
  "Water Polo",
  "Weightlifting",
  "Wrestling",
];

const STATES: Array<[string, string]> = [
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["CA", "California"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["DC", "District of Columbia"],
  ["FL", "Florida"],
  ["GA", "Georgia"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IL", "Illinois"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NY", "New York"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PA", "Pennsylvania"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["TX", "Texas"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
];

// Ids fixed by the spec: Undergraduate 1, Post Graduate 2, High School Diploma 3, GED 4.
const DEGREE_TYPES: Array<[number, string]> = [
  [1, "Undergraduate"],
  [2, "Post Graduate"],
  [3, "High School Diploma"],
  [4, "GED"],
];
const COMPETITION_LEVELS = ["Division I", "Division II", "Division III", "Club Sports", "Intramural Sports"];
const OTHER_SPORTING_INTERESTS = [
  "Athletes and Sports",
  "Athletic Trainers",
  "Exercise Physiologists",
  "Fitness Entrepreneur",
  "Recreation Leader",
  "Sports Announcers",
  "Sports Coaches and Teachers",
  "Sportscaster",
];
const INTERESTS = [
  "Coaching",
  "Community Sports",
  "Fitness",
  "Nutrition",
  "Recruiting",
  "Scouting",
  "Sports Business",
  "Sports Media",
  "Sports Medicine",
  "Sports Science",
  "Youth Development",
];

// A sports-industry starter set: sector -> industry -> companies. Members add more.
const ORGANIZATIONS: Record<string, Record<string, string[]>> = {
  "Professional Sports": {
    "Leagues and Governing Bodies": [
      "National Collegiate Athletic Association",
      "United States Olympic & Paralympic Committee",
      "Major League Soccer",
      "National Basketball Association",
      "National Football League",
      "Women's National Basketball Association",
    ],
    "Teams and Clubs": ["Independent Club", "Minor League Club", "Semi-Professional Club"],
  },
  "Sports Services": {
    "Athlete Representation": ["Independent Sports Agency", "Player Representation Group"],
    "Scouting and Recruiting": ["College Recruiting Service", "Professional Scouting Service"],
    "Coaching and Training": ["High School Athletics Department", "Private Coaching Academy", "Strength and Conditioning Center"],
  },
  "Health and Fitness": {
    "Sports Medicine": ["Physical Therapy Clinic", "Sports Medicine Clinic"],
    "Fitness Centers": ["Community Recreation Center", "Health Club"],
  },
  "Media and Entertainment": {
    "Sports Broadcasting": ["Local Sports Radio", "Regional Sports Network"],
    "Sports Publishing": ["Sports Magazine", "Sports News Website"],
  },
  "Consumer Products": {
    "Sporting Goods": ["Sporting Goods Retailer", "Athletic Footwear Maker", "Equipment Manufacturer"],
  },
  Education: {
    "Colleges and Universities": ["University Athletics Department"],
    Schools: ["Public High School", "Private High School"],
  },
};

function readCsv(name: string): Array<Record<string, string>> {
  const file = new URL(`./data/${name}`, import.meta.url);
  return parse(readFileSync(file, "utf8"), { columns: true, skip_empty_lines: true, trim: true });
}

async function insertChunked(db: Kysely<Tables>, table: string, rows: Array<Record<string, unknown>>): Promise<void> {
  // SQLite allows at most 32766 bound values per statement; 400 rows of 6 columns stay far below.
  for (let i = 0; i < rows.length; i += 400)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 400))
      .execute();
}

export async function up(db: Kysely<Tables>): Promise<void> {
  const ordered = (names: string[]) => names.map((name, i) => ({ name, sort_order: i }));
  // PostgreSQL runs each migration in a transaction already (its DDL is transactional).
  const inTransaction = (fill: (trx: Kysely<Tables>) => Promise<void>) => (onPostgres(db) ? fill(db) : db.transaction().execute(fill));
  await inTransaction(async (trx) => {
    await insertChunked(trx, "sport", ordered(SPORTS));
    await insertChunked(
      trx,
      "us_state",
      STATES.map(([code, name]) => ({ code, name })),
    );
    await insertChunked(
      trx,
      "degree_type",
      DEGREE_TYPES.map(([id, name], i) => ({ id, name, sort_order: i })),
    );
    // Explicit ids leave an identity's sequence behind: the next insert would reuse id 1.
    if (onPostgres(trx))
      await sql`SELECT setval(pg_get_serial_sequence('degree_type', 'id'), (SELECT max(id) FROM degree_type))`.execute(trx);
    await insertChunked(trx, "competition_level", ordered(COMPETITION_LEVELS));
    await insertChunked(trx, "other_sporting_interest", ordered(OTHER_SPORTING_INTERESTS));
    await insertChunked(trx, "interest", ordered(INTERESTS));

    for (const [sector, industries] of Object.entries(ORGANIZATIONS)) {
      const { id: sectorId } = await trx.insertInto("sector").values({ name: sector }).returning("id").executeTakeFirstOrThrow();
      for (const [industry, companies] of Object.entries(industries)) {
        const { id: industryId } = await trx
          .insertInto("industry")
          .values({ sector_id: sectorId, name: industry })
          .returning("id")
          .executeTakeFirstOrThrow();
        await insertChunked(
          trx,
          "company",
          companies.map((name) => ({ industry_id: industryId, name })),
        );
      }
    }

    const colleges = readCsv("colleges.csv").map((r) => ({
      name: r.name,
      city: r.city,
      state: r.state,
      type: 3,
      website: r.website ?? "",
      source_id: `ipeds:${r.ipeds_id}`,
    }));
    const highSchools = readCsv("high-schools.csv").map((r) => ({
      name: r.name,
      city: r.city,
      state: r.state,
      type: r.type === "private" ? 2 : 1,
      website: "",
      source_id: null,
    }));
    await insertChunked(trx, "school", [...colleges, ...highSchools]);
  });
}

export async function down(db: Kysely<Tables>): Promise<void> {
  for (const t of [
    "company",
    "industry",
    "sector",
    "school",
    "interest",
    "other_sporting_interest",
    "competition_level",
    "degree_type",
    "us_state",
    "sport",
  ]) {
    await db.deleteFrom(t).execute();
  }
}
