import { brand } from '../../../theme';

/** Drop-off red, shared by the chart's marks and the drop-off chips. */
export const DROP = brand.danger;
/** The chart's height, also reserved while the chart library loads (no layout shift). */
export const CHART_HEIGHT = 260;
