import { count } from 'drizzle-orm';
import type { TDb } from './client.ts';
import { addMember, createCompany, createUser } from './factories.ts';
import { users } from './schema.ts';

// The demo logins of README.md. Seeded once, only into an empty database.
export const DEMO_PASSWORD = 'hirecast-demo';
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
      slug: 'northwind-coffee-roasters',
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
  });
  return true;
}
