import { fisheryShareOperation } from './shared/fishery.ts';

export default fisheryShareOperation('aquacultureSales', '海面養殖販売金額帯別の経営体割合', ['fishery_entities']);
