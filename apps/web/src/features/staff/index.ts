// Staff: the time clock (with screenshots), My schedule, the schedule grid, timesheets, requests,
// attendance, staff settings, and the paired tablet's time clock at /time-clock. The staff home
// shows the employee's clock card.

export { staffFeature } from './staff.feature';
