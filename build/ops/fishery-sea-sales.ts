import { fisheryShareOperation } from './shared/fishery.ts';

export default fisheryShareOperation('sales', '海面漁獲物等販売金額帯別の経営体割合', ['fishery_entities']);
