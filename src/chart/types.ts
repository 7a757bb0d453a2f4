// Public types of the forecast chart. Game-agnostic: callers compute the series.

/** A shaded nutrition range: inclusive integers [from, to]; ±Infinity for an open end. */
export interface ChartBand {
  label: string;
  from: number;
  to: number;
  /** Any CSS colour resvg understands; '#rrggbb' recommended. */
  color: string;
}

/** A labelled moment on the line, e.g. "Hungry" at the turn the hero crosses 150. */
export interface ChartMarker {
  turn: number;
  nutrition: number;
  label: string;
}

export interface ChartPoint {
  turn: number;
  nutrition: number;
}

export interface NutritionChartInput {
  title: string;
  footer: string;
  /** The projected series, turn ascending. Any length; it is downsampled to the plot's pixel width. */
  points: ChartPoint[];
  bands: ChartBand[];
  markers?: ChartMarker[];
  /** Draws a "now" line (and a dot where it meets the series). */
  nowTurn?: number;
  yMin?: number;
  yMax?: number;
  /** PNG size in px; default 800×400 (shown at about 400 px wide in an embed, so 2× detail). */
  width?: number;
  height?: number;
}
