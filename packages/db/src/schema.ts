export * from './schema/accounts.ts';
export * from './schema/companies.ts';
export * from './schema/mail.ts';
