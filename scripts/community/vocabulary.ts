/**
 * The words a generated community is made of: names (some with accents, as members type them),
 * how common each sport and profile type is, positions by sport, and templates for titles, bios,
 * posts, replies and messages. Placeholders: {sport} {position} {city} {state} {school} {team}
 * {first} {last} {company} {name}.
 */
import type { ProfileType } from "../../src/shared/limits.ts";

export const FEMALE_FIRST = [
  "Emma", "Olivia", "Ava", "Sophia", "Isabella", "Mia", "Amelia", "Harper", "Evelyn", "Abigail", "Emily", "Ella",
  "Madison", "Scarlett", "Victoria", "Aria", "Grace", "Chloe", "Camila", "Penelope", "Riley", "Layla", "Lillian", "Nora",
  "Zoey", "Mila", "Aubrey", "Hannah", "Lily", "Addison", "Eleanor", "Natalie", "Luna", "Savannah", "Brooklyn", "Leah",
  "Zoë", "Stella", "Hazel", "Ellie", "Paisley", "Audrey", "Skylar", "Violet", "Claire", "Bella", "Aurora", "Lucy",
  "Anna", "Samantha", "Caroline", "Genesis", "Aaliyah", "Kennedy", "Kinsley", "Allison", "Maya", "Sarah", "Madelyn",
  "Adeline", "Alexa", "Ariana", "Elena", "Gabriella", "Naomi", "Alice", "Sadie", "Hailey", "Eva", "Emilia", "Autumn",
  "Quinn", "Nevaeh", "Piper", "Ruby", "Serenity", "Willow", "Everly", "Cora", "Kaylee", "Lydia", "Aisha", "Priya",
  "Jordan", "Joanna", "Josephine", "Jocelyn", "Josie", "Joy", "Renée", "Inés", "Lucía", "Chloé", "Sofía", "Ximena",
  "Fatima", "Mei", "Yuki", "Amara", "Nia", "Imani", "Keisha", "Tamika", "Dominique", "Sienna", "Valentina", "Mariana",
];

export const MALE_FIRST = [
  "Liam", "Noah", "Oliver", "Elijah", "William", "James", "Benjamin", "Lucas", "Henry", "Alexander", "Mason", "Michael",
  "Ethan", "Daniel", "Jacob", "Logan", "Jackson", "Levi", "Sebastian", "Mateo", "Jack", "Owen", "Theodore", "Aiden",
  "Samuel", "Joseph", "John", "David", "Wyatt", "Matthew", "Luke", "Asher", "Carter", "Julian", "Grayson", "Leo",
  "Jayden", "Gabriel", "Isaac", "Lincoln", "Anthony", "Hudson", "Dylan", "Ezra", "Thomas", "Charles", "Christopher",
  "Jaxon", "Maverick", "Josiah", "Isaiah", "Andrew", "Elias", "Joshua", "Nathan", "Caleb", "Ryan", "Adrian", "Miles",
  "Eli", "Nolan", "Christian", "Aaron", "Cameron", "Ezekiel", "Colton", "Luca", "Landon", "Hunter", "Jonathan",
  "Santiago", "Axel", "Easton", "Cooper", "Jeremiah", "Angel", "Roman", "Connor", "Jameson", "Robert", "Greyson",
  "Jordan", "Jose", "José", "Jorge", "Joaquín", "Jonah", "Jamal", "Darius", "Malik", "Andre", "Terrell", "DeShawn",
  "Marcus", "Tyrone", "Kenji", "Hiroshi", "Wei", "Arjun", "Rohan", "Omar", "Tariq", "Kwame", "Kofi", "Björn",
  "Søren", "François", "Rafael", "Diego", "Luis", "Carlos", "Javier", "Dmitri", "Nikola", "Stefan", "Tomás",
];

export const LAST = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez",
  "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Perez",
  "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson", "Walker", "Young", "Allen",
  "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores", "Green", "Adams", "Nelson", "Baker", "Hall",
  "Rivera", "Campbell", "Mitchell", "Carter", "Roberts", "Gomez", "Phillips", "Evans", "Turner", "Diaz", "Parker",
  "Cruz", "Edwards", "Collins", "Reyes", "Stewart", "Morris", "Morales", "Murphy", "Cook", "Rogers", "Gutierrez",
  "Ortiz", "Morgan", "Cooper", "Peterson", "Bailey", "Reed", "Kelly", "Howard", "Ramos", "Kim", "Cox", "Ward",
  "Richardson", "Watson", "Brooks", "Chavez", "Wood", "James", "Bennett", "Gray", "Mendoza", "Ruiz", "Hughes",
  "Price", "Alvarez", "Castillo", "Sanders", "Patel", "Myers", "Long", "Ross", "Foster", "Jimenez", "Powell",
  "Jenkins", "Perry", "Russell", "Sullivan", "Bell", "Coleman", "Butler", "Henderson", "Barnes", "Gonzales", "Fisher",
  "Vasquez", "Simmons", "Romero", "Jordan", "Patterson", "Alexander", "Hamilton", "Graham", "Reynolds", "Griffin",
  "Wallace", "Moreno", "West", "Cole", "Hayes", "Bryant", "Herrera", "Gibson", "Ellis", "Tran", "Medina", "Aguilar",
  "Stevens", "Murray", "Ford", "Castro", "Marshall", "Owens", "Harrison", "Fernandez", "McDonald", "Woods",
  "Washington", "Kennedy", "Wells", "Vargas", "Henry", "Chen", "Freeman", "Webb", "Tucker", "Guzman", "Burns",
  "Crawford", "Olson", "Simpson", "Porter", "Hunter", "Gordon", "Mendez", "Silva", "Shaw", "Snyder", "Mason",
  "Dixon", "Muñoz", "Hunt", "Hicks", "Holmes", "Palmer", "Wagner", "Black", "Robertson", "Boyd", "Rose", "Stone",
  "Salazar", "Fox", "Warren", "Mills", "Meyer", "Rice", "Schmidt", "Garza", "Daniels", "Ferguson", "Nichols",
  "Okafor", "Adeyemi", "Mensah", "Haddad", "Nair", "Iyer", "Sato", "Tanaka", "Watanabe", "Yamamoto", "Park", "Choi",
  "Müller", "Schäfer", "Becker", "Dubois", "Lefèvre", "Rossi", "Bianchi", "Novak", "Kowalski", "Nowak", "Larsen",
  "Johansson", "Lindqvist", "Østergaard", "Papadopoulos", "O'Brien", "O'Connor", "MacLeod", "Jovanović", "Peña",
  "Núñez", "Ibáñez", "Da Silva", "Van der Berg", "Jones-Walker", "Josephs", "Joyce", "Johnston", "Jovanovic",
];

export const MIDDLE = ["Lee", "Marie", "Ann", "James", "Lynn", "Ray", "Grace", "Jo", "Alexander", "Rose", "Michael", "Jean", "Elizabeth", "Joseph", "Kai", "Sky"];

/** Relative weights of the sports members play or follow (the rest of the reference list weighs 1). */
export const SPORT_WEIGHTS: Record<string, number> = {
  Basketball: 60, Soccer: 55, "American Football": 50, Baseball: 35, Volleyball: 25, "Athletics (Track and Field)": 25,
  Softball: 18, Tennis: 16, Swimming: 16, "Ice Hockey": 14, Lacrosse: 12, Wrestling: 12, Golf: 12, "Cross Country": 10,
  Gymnastics: 8, "Field Hockey": 6, Rowing: 6, Cheerleading: 6, "Water Polo": 4, Rugby: 4, "Rugby Union": 4,
  Cycling: 4, Boxing: 4, "Mixed Martial Arts": 4, Esports: 4, Pickleball: 3, "Beach Volleyball": 3, Bowling: 3,
};

export const PROFILE_TYPE_WEIGHTS: Record<ProfileType, number> = {
  "Athlete (Amateur)": 36,
  "Athlete (Professional)": 7,
  "Sports Fanatic": 19,
  Coach: 11,
  "Athletic Trainer": 5,
  Scout: 4,
  Agent: 3,
  Referee: 4,
  Management: 5,
  Retired: 6,
};

/** Positions (or events) by sport; sports not listed have none. */
export const POSITIONS: Record<string, string[]> = {
  Basketball: ["Point guard", "Shooting guard", "Small forward", "Power forward", "Center"],
  Soccer: ["Goalkeeper", "Center back", "Full back", "Defensive midfielder", "Central midfielder", "Attacking midfielder", "Winger", "Striker"],
  "American Football": ["Quarterback", "Running back", "Wide receiver", "Tight end", "Offensive tackle", "Guard", "Center", "Defensive end", "Defensive tackle", "Linebacker", "Cornerback", "Safety", "Kicker", "Punter"],
  Baseball: ["Pitcher", "Catcher", "First base", "Second base", "Third base", "Shortstop", "Left field", "Center field", "Right field"],
  Softball: ["Pitcher", "Catcher", "First base", "Second base", "Third base", "Shortstop", "Outfield"],
  Volleyball: ["Setter", "Outside hitter", "Opposite hitter", "Middle blocker", "Libero"],
  "Beach Volleyball": ["Blocker", "Defender"],
  "Athletics (Track and Field)": ["Sprints", "Hurdles", "Middle distance", "Long distance", "High jump", "Long jump", "Triple jump", "Pole vault", "Shot put", "Discus", "Javelin", "Decathlon", "Heptathlon"],
  "Cross Country": ["5K", "8K", "10K"],
  Swimming: ["Freestyle", "Backstroke", "Breaststroke", "Butterfly", "Individual medley"],
  "Ice Hockey": ["Goaltender", "Defenseman", "Center", "Left wing", "Right wing"],
  "Field Hockey": ["Goalkeeper", "Defender", "Midfielder", "Forward"],
  Lacrosse: ["Attack", "Midfield", "Defense", "Goalie", "Faceoff specialist"],
  "Water Polo": ["Goalkeeper", "Center", "Driver", "Defender", "Utility"],
  "Rugby Union": ["Prop", "Hooker", "Lock", "Flanker", "Number eight", "Scrum-half", "Fly-half", "Centre", "Wing", "Fullback"],
  Wrestling: ["125 lb", "133 lb", "141 lb", "149 lb", "157 lb", "165 lb", "174 lb", "184 lb", "197 lb", "Heavyweight"],
  Tennis: ["Singles", "Doubles"],
  Golf: ["Stroke play", "Match play"],
  Gymnastics: ["Vault", "Uneven bars", "Balance beam", "Floor", "Pommel horse", "Rings", "Parallel bars", "High bar", "All-around"],
  Rowing: ["Stroke", "Bow", "Coxswain", "Sculler"],
  Cheerleading: ["Flyer", "Base", "Back spot", "Tumbler"],
  Esports: ["Support", "Carry", "Jungle", "Mid lane", "Shot caller"],
};

export const TEAM_MASCOTS = ["Hawks", "Tigers", "Eagles", "Bulldogs", "Wildcats", "Panthers", "Lions", "Bears", "Falcons", "Mustangs", "Rangers", "Storm", "Thunder", "Comets", "Knights", "Pioneers", "Hornets", "Cougars", "Rebels", "Spartans"];

export const AGENCY_WORDS = ["Sports Management", "Athlete Group", "Sports & Entertainment", "Representation", "Talent Partners"];

export const BIOS: Record<string, string[]> = {
  athlete: [
    "{position} from {city}, playing {sport} since I was six. Looking for the next level.",
    "{sport} {position}. Film, lifting and recovery every day. Coaches, my highlights are on my profile.",
    "Two-sport athlete, now all in on {sport}. Team captain at {school}.",
    "Competing in {sport} at {school}. Student first, athlete always.",
    "{sport}: {position}. Hard work beats talent when talent doesn't work hard.",
  ],
  coach: [
    "Coaching {sport} for {years} years. Player development and culture first.",
    "Head of {sport} at {school}. Building programs, building people.",
    "{sport} coach in {city}. Camps, clinics and private sessions.",
  ],
  pro: [
    "{years} years in {sport}. Helping athletes with the business side of the game.",
    "Working in {sport} out of {city}. Always open to talk with athletes and families.",
    "Finding and developing {sport} talent across {state}.",
  ],
  fan: [
    "Lifelong {sport} fan from {city}. Season tickets, road trips, the whole thing.",
    "I follow {sport} at every level, from high school to the pros.",
    "Former player, forever fan of {sport}. Volunteer at youth tournaments in {city}.",
  ],
};

export const ACTIVITIES = [
  "Youth camps", "Film study", "Strength and conditioning", "Community clinics", "Mentoring", "Tournament volunteering",
  "Podcasting", "Charity runs", "Officiating courses", "Team travel", "Scouting combines", "Nutrition workshops",
];

export const SKILLS = [
  "Video analysis", "Leadership", "Speed and agility training", "Contract negotiation", "Injury prevention", "Recruiting",
  "Public speaking", "Game planning", "Statistics", "Sports nutrition", "First aid and CPR", "Mental performance",
];

export const POSTS = [
  "Great practice today. Feeling ready for the weekend. #{sport}",
  "Film session done. So much to learn from last game.",
  "Who is going to the {sport} showcase in {city} next month?",
  "New personal best in the weight room this morning!",
  "Big win tonight. Proud of this group.",
  "Tough loss, but we bounce back on Monday.",
  "Recovery day: ice bath, stretching, and a lot of sleep.",
  "Looking for a {sport} training partner around {city}. Message me.",
  "Congrats to everyone who signed today. Well deserved!",
  "Spring camp registration is open. Spots go fast.",
  "Anyone have tips for keeping fit while traveling for tournaments?",
  "Three weeks until the season opener. Counting the days.",
  "Just posted my updated highlights. Feedback welcome.",
  "Clinic this Saturday in {city}: free for middle schoolers.",
  "That {sport} final last night was unreal.",
  "Shout-out to my coaches for believing in me.",
  "Early mornings, late nights. It will pay off.",
  "Tryouts next week. Nervous and excited.",
  "Reminder: hydrate! Hot one in {city} today.",
  "Scouting trip to {state} this week. Lots of talent out there.",
  "What is everyone's favorite pre-game meal?",
  "Officiating my first varsity {sport} game tonight.",
  "Back on the field after six weeks. Feels good.",
  "Our team is hosting a fundraiser on Sunday. Come say hi!",
  "Watching tape from {team}. Their defense is something else.",
];

export const REPLIES = [
  "Let's go!", "Congrats!", "Well deserved.", "See you there.", "Count me in.", "Great work!", "Proud of you.",
  "Keep it up!", "Good luck this weekend!", "Huge.", "Need details, sending you a message.", "That's awesome.",
  "Been there, you'll bounce back.", "Respect.", "Love to see it.", "Rest up!", "Big things coming.",
  "I'll share this with my team.", "Thanks for organizing this.", "What time does it start?",
];

/** Subjects of conversations; replies in a thread are "Re: " + the subject. */
export const SUBJECTS = [
  "Practice schedule", "Summer camp", "Game film", "Visit this fall", "Representation", "Training plan", "Tryouts",
  "Scholarship question", "Team trip", "Injury update", "Highlights", "Combine dates", "Clinic volunteers", "Catching up",
  "Next season", "Recruiting questionnaire", "Travel team", "Strength program", "Contract offer", "Quick question",
];

export const BODIES = [
  "Hi {first}, do you have a minute this week to talk about {sport}?",
  "Thanks for the message. I will send you the details tonight.",
  "Sounds good to me. What time works for you?",
  "Can you share the full game film from Saturday?",
  "We would love to have you at our camp in {city} this summer.",
  "Congratulations on the season! Let's stay in touch.",
  "I am free Tuesday and Thursday after 5.",
  "Here is the plan for the next four weeks: three days of lifting, two of speed work.",
  "Great to meet you at the tournament last weekend.",
  "Let me check with my coach and get back to you.",
  "Absolutely, count me in.",
  "Do you know anyone in {state} looking for a {position}?",
  "See you at practice tomorrow.",
  "Please fill out the questionnaire when you have a chance.",
];
