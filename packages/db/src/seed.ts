import { count } from 'drizzle-orm';
import type { TDb } from './client.ts';
import { eq } from 'drizzle-orm';
import { FREE_PLAN } from '@hirecast/domain/billing';
import type { TDelta } from '@hirecast/domain/job';
import { addMember, createCompany, createJob, createUser } from './factories.ts';
import { companies, companyPageBlocks, companyPages, users } from './schema.ts';

// The demo logins of README.md. Seeded once, only into an empty database.
export const DEMO_PASSWORD = 'hirecast-demo';
export const DEMO_COMPANY_SLUG = 'northwind-coffee-roasters';
export const DEMO_USERS = [
  { email: 'admin@demo.hirecast.io', firstName: 'Ada', lastName: 'Admin', role: 2 },
  { email: 'manager@demo.hirecast.io', firstName: 'Milo', lastName: 'Manager', role: 1 },
  { email: 'viewer@demo.hirecast.io', firstName: 'Vera', lastName: 'Viewer', role: 0 },
] as const;

export async function seedDemoData(db: TDb): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    const company = await createCompany(tx as unknown as TDb, {
      name: 'Northwind Coffee Roasters',
      slug: DEMO_COMPANY_SLUG,
      industry: 'Food & Beverages',
      description:
        'Independent roastery with six cafés across Manchester and Leeds. We hire for craft and kindness.',
      location: { city: 'Manchester', county: 'Greater Manchester', country: 'United Kingdom' },
      info: [{ type: 'website', value: 'https://northwind.example.com' }],
    });
    for (const u of DEMO_USERS) {
      const user = await createUser(tx as unknown as TDb, {
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        password: DEMO_PASSWORD,
        position: u.role === 2 ? 'Head of People' : u.role === 1 ? 'Recruiter' : 'Café Manager',
      });
      await addMember(tx as unknown as TDb, { companyId: company.id, userId: user.id, role: u.role });
    }
    const db = tx as unknown as TDb;
    // The demo company has no subscription: it is on the free plan, whose limit counts the live jobs other
    // than the first (spec 1 §4, decision 008). A job the plan does not allow live is seeded closed.
    let activeJobs = 0;
    for (const [order, seeded] of DEMO_JOBS.entries()) {
      const open = seeded.open && (order === 0 || activeJobs < FREE_PLAN.activeJobLimit);
      if (open && order > 0) activeJobs++;
      const job = { ...seeded, open };
      await createJob(db, {
        companyId: company.id,
        order,
        isFirstJob: order === 0,
        title: job.title,
        postHeading: job.postHeading,
        description: describe(job),
        location: job.location,
        employmentType: job.employmentType,
        salary: { from: job.salary[0], to: job.salary[1], currency: 'GBP', unit: job.salary[2] },
        status: job.open ? 'open' : 'closed',
        publishedAt: job.open || seeded.open ? new Date() : null,
      });
    }
    // spec 1 §4 / docs/decisions/008: open jobs other than the first one.
    await db.update(companies).set({ activeJobs }).where(eq(companies.id, company.id));
    await seedCareerPage(db, company.id);
  });
  return true;
}

/** Issue 15: the demo company's career page (/company/northwind-coffee-roasters), filled in as an employer would. */
async function seedCareerPage(db: TDb, companyId: string) {
  const [page] = await db
    .insert(companyPages)
    .values({ companyId, stats: { foundingYear: 2012, employees: 64, gender: { male: 29, female: 35 } } })
    .returning();
  const blocks: Omit<typeof companyPageBlocks.$inferInsert, 'pageId' | 'companyId' | 'sortOrder'>[] = [
    {
      pageType: 'WHY_JOIN',
      type: 'TEXT_AREA',
      infoType: 'ABOUT_COMPANY',
      header: 'About Northwind Coffee Roasters',
      content:
        'Independent roastery with six cafés across Manchester and Leeds. We roast every bean ourselves and hire for craft and kindness.',
    },
    {
      pageType: 'WHY_JOIN',
      type: 'QUOTE',
      content: 'I started on the bar three years ago; now I run the roastery.',
      author: 'Priya, Head Roaster',
    },
    {
      pageType: 'WHY_JOIN',
      type: 'TEXT_AREA',
      infoType: 'WHY_WORK_HERE',
      header: 'Why work here',
      content:
        'Paid barista training, real progression from the bar to the roastery, and a team that looks after each other.',
    },
    { pageType: 'WHY_JOIN', type: 'STATISTIC' },
    { pageType: 'WHY_JOIN', type: 'LATEST_JOBS' },
    { pageType: 'WHY_JOIN', type: 'SOCIALS' },
    {
      pageType: 'BENEFITS',
      type: 'TEXT_AREA',
      infoType: 'BENEFITS',
      header: 'Benefits',
      content: 'Free coffee on every shift\nQuarterly team bonus\nHealth cash plan\n28 days of holiday',
    },
    {
      pageType: 'JOBS',
      type: 'TEXT_AREA',
      infoType: 'LOOKING_FOR',
      header: 'Who we are looking for',
      content:
        'People who care about the cup and the person they hand it to. Experience helps; attitude matters more.',
    },
  ];
  const next = new Map<string, number>();
  await db.insert(companyPageBlocks).values(
    blocks.map((b) => {
      const sortOrder = next.get(b.pageType) ?? 0;
      next.set(b.pageType, sortOrder + 1);
      return { ...b, pageId: page!.id, companyId, sortOrder };
    }),
  );
}

type TDemoJob = {
  title: string;
  postHeading: string;
  intro: string;
  duties: string[];
  needs: string[];
  offers: string[];
  location: { city: string; county: string; country: string };
  employmentType: 'full-time' | 'part-time';
  salary: [string, string, 'hourly' | 'annually'];
  open: boolean;
};

const MANCHESTER = { city: 'Manchester', county: 'Greater Manchester', country: 'United Kingdom' };
const LEEDS = { city: 'Leeds', county: 'West Yorkshire', country: 'United Kingdom' };

// Three jobs so a newcomer signing in with a demo login sees a working dashboard.
const DEMO_JOBS: TDemoJob[] = [
  {
    title: 'Barista',
    postHeading: 'Pour, chat and learn the craft at our Northern Quarter café',
    intro:
      'We roast our own beans and we want every cup to taste like it. Join a small team that looks after each other and the regulars.',
    duties: [
      'Make espresso drinks and filter coffee to our recipes',
      'Welcome guests and keep the bar spotless',
      'Help with weekly stock and deliveries',
    ],
    needs: [
      'Warmth with customers; experience is a bonus, not a must',
      'Weekend availability twice a month',
      'Curiosity about coffee',
    ],
    offers: [
      'Paid barista training with our head roaster',
      'Free coffee and 50% off food',
      '28 days holiday including bank holidays',
    ],
    location: MANCHESTER,
    employmentType: 'part-time',
    salary: ['12.60', '13.50', 'hourly'],
    open: true,
  },
  {
    title: 'Head Roaster',
    postHeading: 'Lead the roastery that supplies all six of our cafés',
    intro: 'You will own the roast profiles, quality control and the small team that runs our 15 kg roaster.',
    duties: [
      'Plan and run the weekly roasting schedule',
      'Cup every batch and keep the quality log',
      'Train two junior roasters',
    ],
    needs: [
      'Two or more years roasting on a commercial machine',
      'A good palate and patience with detail',
      'Food safety level 2',
    ],
    offers: [
      'Origin trips with our green coffee importer',
      'Profit share after one year',
      'Cycle-to-work scheme',
    ],
    location: MANCHESTER,
    employmentType: 'full-time',
    salary: ['34000', '40000', 'annually'],
    open: true,
  },
  {
    title: 'Café Manager',
    postHeading: 'Open our first café in Leeds with us',
    intro:
      'Our seventh café opens in Leeds this spring. We are looking for the person who will hire the team and make it feel like ours.',
    duties: [
      'Hire and coach a team of eight',
      'Run the rota, the tills and the weekly numbers',
      'Keep our standards on coffee and kindness',
    ],
    needs: [
      'Experience running a café, bar or restaurant shift',
      'Calm under a Saturday queue',
      'Right to work in the UK',
    ],
    offers: ['Salary review after six months', 'Quarterly team bonus', 'Health cash plan'],
    location: LEEDS,
    employmentType: 'full-time',
    salary: ['30000', '33000', 'annually'],
    open: false,
  },
];

function describe(job: TDemoJob): TDelta {
  const heading = (text: string) => [{ insert: text }, { insert: '\n', attributes: { header: 2 } }];
  const bullets = (items: string[]) =>
    items.flatMap((item) => [{ insert: item }, { insert: '\n', attributes: { list: 'bullet' } }]);
  return {
    ops: [
      { insert: `${job.intro}\n` },
      ...heading('Responsibilities'),
      ...bullets(job.duties),
      ...heading('Requirements'),
      ...bullets(job.needs),
      ...heading('Benefits'),
      ...bullets(job.offers),
    ],
  };
}
