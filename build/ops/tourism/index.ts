// The tourism family's operations, in the order the route table, OpenAPI and the explorer list them.

import type { Operation } from '../operation.ts';
import tourismAirportForBar from './tourism-airport-for-bar.ts';
import tourismAirportForCircle from './tourism-airport-for-circle.ts';
import tourismCorrelationForCircle from './tourism-correlation-for-circle.ts';
import tourismForeignersForFrom from './tourism-foreigners-for-from.ts';
import tourismHotelAnalysisCapacityLine from './tourism-hotel-analysis-capacity-line.ts';
import tourismHotelAnalysisFacilityStack from './tourism-hotel-analysis-facility-stack.ts';
import tourismHotelAnalysisGroupStack from './tourism-hotel-analysis-group-stack.ts';
import tourismHotelAnalysisGuestRoomLine from './tourism-hotel-analysis-guest-room-line.ts';

export default [
  tourismForeignersForFrom,
  tourismHotelAnalysisFacilityStack,
  tourismHotelAnalysisGroupStack,
  tourismHotelAnalysisGuestRoomLine,
  tourismHotelAnalysisCapacityLine,
  tourismAirportForBar,
  tourismAirportForCircle,
  tourismCorrelationForCircle,
] satisfies Operation<any>[];
