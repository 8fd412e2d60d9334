// The industry family's operations, in the order the route table, OpenAPI and the explorer list them.

import type { Operation } from '../operation.ts';
import industryExpenseForLine from './industry-expense-for-line.ts';
import industryOverseasTransactionForColumn from './industry-overseas-transaction-for-column.ts';
import industryPatentList from './industry-patent-list.ts';
import industryPowerForArea from './industry-power-for-area.ts';
import industryPowerForIndustry from './industry-power-for-industry.ts';
import industryPowerForManufacturerEstablishments from './industry-power-for-manufacturer-establishments.ts';
import municipalityCompanyPerYear from './municipality-company-per-year.ts';
import municipalityEmployeePerYear from './municipality-employee-per-year.ts';
import municipalityFinanceForSettlementAmount from './municipality-finance-for-settlement-amount.ts';
import municipalityFoundationPerYear from './municipality-foundation-per-year.ts';
import municipalityJobPerYear from './municipality-job-per-year.ts';
import municipalityLaborPerYear from './municipality-labor-per-year.ts';
import municipalityManufacturePerYear from './municipality-manufacture-per-year.ts';
import municipalityPlantPerYear from './municipality-plant-per-year.ts';
import municipalityPropertyTaxPerYear from './municipality-property-tax-per-year.ts';
import municipalityResidentTaxCorporatePerYear from './municipality-resident-tax-corporate-per-year.ts';
import municipalityTaxesPerYear from './municipality-taxes-per-year.ts';
import municipalityValuePerYear from './municipality-value-per-year.ts';
import municipalityWagesPerYear from './municipality-wages-per-year.ts';

export default [
  industryPowerForIndustry,
  industryPowerForArea,
  municipalityValuePerYear,
  municipalityManufacturePerYear,
  municipalityFoundationPerYear,
  municipalityLaborPerYear,
  municipalityCompanyPerYear,
  municipalityPlantPerYear,
  municipalityEmployeePerYear,
  municipalityJobPerYear,
  industryOverseasTransactionForColumn,
  industryExpenseForLine,
  industryPatentList,
  municipalityTaxesPerYear,
  municipalityPropertyTaxPerYear,
  municipalityResidentTaxCorporatePerYear,
  municipalityFinanceForSettlementAmount,
  municipalityWagesPerYear,
  industryPowerForManufacturerEstablishments,
] satisfies Operation<any>[];
