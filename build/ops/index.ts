// The registry of operations. Each file declares one operation; tests check that every file here is
// registered and that every registered operation has its own file.

import { UserError } from '../../sources/user-error.ts';
import cities from './cities.ts';
import employEducationLocaljobAcademicToTransition from './employ-education-localjob-academic-to-transition.ts';
import fisherySeaAquacultureSales from './fishery-sea-aquaculture-sales.ts';
import fisherySeaEntityCounts from './fishery-sea-entity-counts.ts';
import fisherySeaSales from './fishery-sea-sales.ts';
import fisherySeaShipRatio from './fishery-sea-ship-ratio.ts';
import fisherySeaShipValue from './fishery-sea-ship-value.ts';
import fisherySeaTotalSales from './fishery-sea-total-sales.ts';
import fisherySeaAquacultureTotalSales from './fishery-sea-aquaculture-total-sales.ts';
import fisherySeaManagementUnitSales from './fishery-sea-management-unit-sales.ts';
import fisherySeaAquacultureManagementUnitSales from './fishery-sea-aquaculture-management-unit-sales.ts';
import forestryIncomeEntityCounts from './forestry-income-entity-counts.ts';
import forestryIncomeForSalesRatio from './forestry-income-for-sales-ratio.ts';
import forestryIncomeForContractRevenueRatio from './forestry-income-for-contract-revenue-ratio.ts';
import forestryIncomeForSales from './forestry-income-for-sales.ts';
import forestryIncomeForContractRevenue from './forestry-income-for-contract-revenue.ts';
import forestryIncomeForStacked from './forestry-income-for-stacked.ts';
import agricultureCropsEntityCounts from './agriculture-crops-entity-counts.ts';
import agricultureCropsWorkingDays from './agriculture-crops-working-days.ts';
import agricultureCropsAverageOfCorporate from './agriculture-crops-average-of-corporate.ts';
import agricultureCropsRelatedBusiness from './agriculture-crops-related-business.ts';
import agricultureCropsFarmersAgeStructure from './agriculture-crops-farmers-age-structure.ts';
import agricultureCropsFarmersAverageAge from './agriculture-crops-farmers-average-age.ts';
import populationFutureMeshChart from './population-future-mesh-chart.ts';
import populationMeshChart from './population-mesh-chart.ts';
import industriesBroad from './industries-broad.ts';
import industriesMiddle from './industries-middle.ts';
import industriesNarrow from './industries-narrow.ts';
import industryExpenseForLine from './industry-expense-for-line.ts';
import industryOverseasTransactionForColumn from './industry-overseas-transaction-for-column.ts';
import industryPatentList from './industry-patent-list.ts';
import industryPowerForArea from './industry-power-for-area.ts';
import industryPowerForIndustry from './industry-power-for-industry.ts';
import industryPowerForManufacturerEstablishments from './industry-power-for-manufacturer-establishments.ts';
import jobsBroad from './jobs-broad.ts';
import jobsMiddle from './jobs-middle.ts';
import medicalWelfareMedicalAnalysisList from './medical-welfare-medical-analysis-list.ts';
import medicalWelfareMedicalAnalysisRate from './medical-welfare-medical-analysis-rate.ts';
import medicalWelfareMedicalAnalysisChart from './medical-welfare-medical-analysis-chart.ts';
import medicalWelfareCareAnalysisChart from './medical-welfare-care-analysis-chart.ts';
import municipalityCompanyPerYear from './municipality-company-per-year.ts';
import municipalityEmployeePerYear from './municipality-employee-per-year.ts';
import municipalityFinanceForSettlementAmount from './municipality-finance-for-settlement-amount.ts';
import municipalityJobPerYear from './municipality-job-per-year.ts';
import municipalityLaborPerYear from './municipality-labor-per-year.ts';
import municipalityPlantPerYear from './municipality-plant-per-year.ts';
import municipalityPropertyTaxPerYear from './municipality-property-tax-per-year.ts';
import municipalityResidentTaxCorporatePerYear from './municipality-resident-tax-corporate-per-year.ts';
import municipalityTaxesPerYear from './municipality-taxes-per-year.ts';
import municipalityValuePerYear from './municipality-value-per-year.ts';
import municipalityManufacturePerYear from './municipality-manufacture-per-year.ts';
import municipalityFoundationPerYear from './municipality-foundation-per-year.ts';
import municipalityWagesPerYear from './municipality-wages-per-year.ts';
import oldCities from './old-cities.ts';
import type { Operation } from './operation.ts';
import patentsBroad from './patents-broad.ts';
import patentsMiddle from './patents-middle.ts';
import populationCompositionPerYear from './population-composition-per-year.ts';
import populationCompositionPyramid from './population-composition-pyramid.ts';
import populationFutureCities from './population-future-cities.ts';
import populationNature from './population-nature.ts';
import populationSocietyForAgeClass from './population-society-for-age-class.ts';
import populationSocietyForAgeClassLine from './population-society-for-age-class-line.ts';
import populationSocietyForArea from './population-society-for-area.ts';
import populationSumEstimate from './population-sum-estimate.ts';
import populationSumPerYear from './population-sum-per-year.ts';
import prefectures from './prefectures.ts';
import regionalEmployAnalysisPortfolio from './regional-employ-analysis-portfolio.ts';
import tourismAirportForBar from './tourism-airport-for-bar.ts';
import tourismAirportForCircle from './tourism-airport-for-circle.ts';
import tourismCorrelationForCircle from './tourism-correlation-for-circle.ts';
import tourismForeignersForFrom from './tourism-foreigners-for-from.ts';
import tourismHotelAnalysisCapacityLine from './tourism-hotel-analysis-capacity-line.ts';
import tourismHotelAnalysisFacilityStack from './tourism-hotel-analysis-facility-stack.ts';
import tourismHotelAnalysisGroupStack from './tourism-hotel-analysis-group-stack.ts';
import tourismHotelAnalysisGuestRoomLine from './tourism-hotel-analysis-guest-room-line.ts';

export const OPERATIONS: Operation<any>[] = [
  // masters
  prefectures,
  cities,
  industriesBroad,
  industriesMiddle,
  jobsBroad,
  jobsMiddle,
  patentsBroad,
  patentsMiddle,
  oldCities,
  industriesNarrow,
  // population
  populationCompositionPerYear,
  populationCompositionPyramid,
  populationSumPerYear,
  populationSocietyForArea,
  populationSocietyForAgeClass,
  populationSocietyForAgeClassLine,
  populationSumEstimate,
  populationNature,
  populationFutureCities,
  // industry, patents, employment
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
  // employment and education
  employEducationLocaljobAcademicToTransition,
  regionalEmployAnalysisPortfolio,
  // tourism
  tourismForeignersForFrom,
  tourismHotelAnalysisFacilityStack,
  tourismHotelAnalysisGroupStack,
  tourismHotelAnalysisGuestRoomLine,
  tourismHotelAnalysisCapacityLine,
  tourismAirportForBar,
  tourismAirportForCircle,
  tourismCorrelationForCircle,
  // fishery, and the population mesh charts
  fisherySeaEntityCounts,
  fisherySeaAquacultureSales,
  fisherySeaSales,
  fisherySeaShipRatio,
  fisherySeaShipValue,
  fisherySeaTotalSales,
  fisherySeaAquacultureTotalSales,
  fisherySeaManagementUnitSales,
  fisherySeaAquacultureManagementUnitSales,
  // forestry
  forestryIncomeEntityCounts,
  forestryIncomeForSalesRatio,
  forestryIncomeForContractRevenueRatio,
  forestryIncomeForSales,
  forestryIncomeForContractRevenue,
  forestryIncomeForStacked,
  // agriculture
  agricultureCropsEntityCounts,
  agricultureCropsWorkingDays,
  agricultureCropsAverageOfCorporate,
  agricultureCropsRelatedBusiness,
  agricultureCropsFarmersAgeStructure,
  agricultureCropsFarmersAverageAge,
  populationMeshChart,
  populationFutureMeshChart,
  // medical care and welfare
  medicalWelfareMedicalAnalysisList,
  medicalWelfareMedicalAnalysisRate,
  medicalWelfareMedicalAnalysisChart,
  medicalWelfareCareAnalysisChart,
];

export const FAMILIES = [...new Set(OPERATIONS.map((o) => o.family))];

/** The operations of some families; the masters always come along, since every client reads them. */
export function operationsOf(families: string[]): Operation<any>[] {
  const unknown = families.filter((f) => !FAMILIES.some((known) => known === f));
  if (unknown.length)
    throw new UserError(
      `--only names ${unknown.join(', ')}, which is not a family; the families are ${FAMILIES.join(', ')}.`,
    );
  return OPERATIONS.filter((o) => o.family === 'masters' || families.includes(o.family));
}
