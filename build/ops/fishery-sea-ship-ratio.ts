import { fisheryShareOperation } from './shared/fishery.ts';

export default fisheryShareOperation('shipRatio', '海面漁獲物等出荷先別経営体数割合', ['fishery_destinations']);
