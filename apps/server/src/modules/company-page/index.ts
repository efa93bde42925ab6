// The published face of the company-page module: what other modules and the composition root may use (docs/layers.md).
export { loadPageData, type TBlockRow, type TCompanyRow, toPageCompany, type TPageData } from './load.ts';
export { readPage } from './service.ts';
export { companyPageRoutes } from './routes.ts';
