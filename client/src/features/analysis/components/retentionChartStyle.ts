import { brand } from '../../../theme';

/** Drop-off red, shared by the chart's marks and the drop-off chips. */
export const DROP = brand.danger;
/** The chart's height, also reserved while the chart library loads (no layout shift). */
export const CHART_HEIGHT = 260;
/** The measured curve (the creator's own analytics), set apart from the violet prediction. */
export const MEASURED = brand.cyan;
/** A predicted drop-off the measured curve confirms. */
export const CONFIRMED = brand.success;
/** The retention predicted after the proposed edit, and the ranges it removes. */
export const AFTER_EDIT = brand.success;
export const CUT_RANGE = brand.danger;
