export * from './schema/accounts.ts';
export * from './schema/companies.ts';
export * from './schema/mail.ts';
export * from './schema/jobs.ts';
export * from './schema/team.ts';
export * from './schema/questions.ts';
export * from './schema/assets.ts';
export * from './schema/applications.ts';
