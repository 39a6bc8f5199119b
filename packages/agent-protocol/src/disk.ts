/**
 * The share of its declared disk at which an agent stops accepting recordings
 * altogether (507), keeping the last percent for what the instance itself
 * writes. The console's critical disk alert is raised at the same share, so
 * "session recordings are stopped" is true whenever it is shown.
 */
export const RECORDING_STOPS_AT_PERCENT = 99;
